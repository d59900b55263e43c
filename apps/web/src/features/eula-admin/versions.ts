import type { EulaVersion } from '@kestrel/contract';

export type VersionState = 'in effect' | 'scheduled' | 'superseded';

/**
 * Which version users must accept now: the newest whose effective date has come (the server's rule
 * in docs/accounts.md "EULA"); later ones are scheduled, earlier ones superseded.
 */
export function versionStates(versions: readonly EulaVersion[], now: Date): Map<string, VersionState> {
  const byDate = [...versions].sort((a, b) => Date.parse(b.effectiveAt) - Date.parse(a.effectiveAt));
  const current = byDate.find((v) => Date.parse(v.effectiveAt) <= now.getTime());
  return new Map(
    byDate.map((v) => [
      v.version,
      v === current ? 'in effect' : Date.parse(v.effectiveAt) > now.getTime() ? 'scheduled' : 'superseded',
    ]),
  );
}

/** The acceptance report as CSV (RFC 4180 quoting), for the admin's own records. */
export function acceptancesCsv(
  rows: readonly {
    displayName: string;
    email: string;
    customerName: string | null;
    version: string;
    acceptedAt: string;
    ip: string | null;
  }[],
): string {
  const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [['Name', 'E-mail', 'Customer', 'Version', 'Accepted at (UTC)', 'Address']];
  for (const r of rows) {
    lines.push([
      r.displayName,
      r.email,
      r.customerName ?? 'Provider staff',
      r.version,
      r.acceptedAt,
      r.ip ?? '',
    ]);
  }
  return `${lines.map((l) => l.map(quote).join(',')).join('\r\n')}\r\n`;
}
