/**
 * What each signed-in route becomes (product §2) and which piece of work brings its data.
 * Until then the page says so honestly instead of showing an empty screen.
 */
export interface Placeholder {
  purpose: string;
  comingWith: string;
  links?: { label: string; to: string }[];
}

export const PLACEHOLDERS: Record<string, Placeholder> = {};
