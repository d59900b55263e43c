/**
 * Plain major.minor.patch versions (docs/releases.md §1): devices report them and releases carry
 * them. Anything else (a vendor build string) does not parse, and a device with such a version is
 * offered nothing rather than a guess.
 */
export type Version = readonly [number, number, number];

export function parseVersion(text: string | null | undefined): Version | null {
  const m = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})$/.exec(text ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
