import { useSyncExternalStore } from 'react';
import './spinners.css';

/** The nine variants of product §2. */
export const SPINNER_VARIANTS = [
  'cube-grid',
  'rotating-plane',
  'double-bounce',
  'wave',
  'wandering-cubes',
  'pulse',
  'chasing-dots',
  'three-bounce',
  'line',
] as const;
export type SpinnerVariant = (typeof SPINNER_VARIANTS)[number];

const PARTS: Record<SpinnerVariant, number> = {
  'cube-grid': 9,
  'rotating-plane': 1,
  'double-bounce': 2,
  wave: 5,
  'wandering-cubes': 2,
  pulse: 1,
  'chasing-dots': 2,
  'three-bounce': 3,
  line: 1,
};

export function Spinner({ variant = 'chasing-dots' }: { variant?: SpinnerVariant }) {
  return (
    <div className={`sk sk-${variant}`} data-variant={variant}>
      {Array.from({ length: PARTS[variant] }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative parts
        <span key={i} className="sk-part" />
      ))}
    </div>
  );
}

interface OverlayProps {
  variant?: SpinnerVariant;
  /** Optional background colour behind the spinner (product §2). */
  background?: string;
  label?: string;
}

/** Full-screen overlay: z-index 9999 at 70 % opacity (product §9). */
export function SpinnerOverlay({ variant, background, label = 'Loading…' }: OverlayProps) {
  return (
    <div className="spinner-overlay" role="status" aria-live="polite" data-testid="spinner-overlay">
      <div className="spinner-overlay-backdrop" style={background ? { background } : undefined} />
      <Spinner variant={variant} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A global overlay others switch on and off (sign-in, sign-out). */
let state: OverlayProps | null = null;
const listeners = new Set<() => void>();
export const spinner = {
  show(options: OverlayProps = {}) {
    state = options;
    for (const l of listeners) l();
  },
  hide() {
    state = null;
    for (const l of listeners) l();
  },
};

export function GlobalSpinner() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
  return current ? <SpinnerOverlay {...current} /> : null;
}
