/** The product mark: a stylised kestrel wing over a detector plate. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect x="2" y="22" width="28" height="6" rx="2" fill="#cdeef8" />
      <path d="M4 20 C10 6, 20 4, 29 5 C22 9, 18 13, 16 20 Z" fill="#fff" />
      <circle cx="24" cy="9" r="1.6" fill="#008aab" />
    </svg>
  );
}
