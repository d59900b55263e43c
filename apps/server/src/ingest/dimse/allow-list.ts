import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../../platform/db';
import { siteDicomSenders } from '../../platform/db/schema';
import { aeTitleProblem, printable } from './ae-title';

/** Addresses as Node reports them: an IPv4 client on a dual-stack socket is '::ffff:a.b.c.d'. */
export const plainAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:(?=\d+\.)/, '');

function inCidr(address: string, cidr: string): boolean {
  const [net, bits] = cidr.trim().split('/');
  if (!net) return false;
  const family = isIPv4(net) ? 'ipv4' : isIPv6(net) ? 'ipv6' : null;
  if (!family) return false;
  const list = new BlockList();
  const prefix = bits === undefined ? (family === 'ipv4' ? 32 : 128) : Number(bits);
  if (!Number.isInteger(prefix)) return false;
  list.addSubnet(net, prefix, family);
  const ipFamily = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  return ipFamily !== null && list.check(address, ipFamily);
}

/** An association's admission: refused, or admitted with the sites of the entries that matched. */
export type Admission = { admitted: false } | { admitted: true; siteIds: readonly number[] | null };

/**
 * May this sender open an association, and for which sites? Each row admits its AE title (any
 * when empty) from its address range (any when empty) for its own site only: the objects of
 * the association must then be of devices at the matching rows' sites, or of devices assigned
 * nowhere yet (pipeline/senders.ts). No rows at all: every sender is admitted for any device
 * (siteIds null; the default for a new installation). Read per association, so a change
 * applies to the next association without a restart. A row whose AE title is not one
 * (ae-title.ts) admits nobody and is warned about: it was written around the rule.
 */
export async function senderAdmission(
  db: Db,
  callingAe: string,
  address: string | undefined,
  warn: (message: string) => void = () => {},
): Promise<Admission> {
  const rows = await db
    .select({
      id: siteDicomSenders.id,
      siteId: siteDicomSenders.siteId,
      aeTitle: siteDicomSenders.aeTitle,
      cidr: siteDicomSenders.cidr,
    })
    .from(siteDicomSenders);
  if (!rows.length) return { admitted: true, siteIds: null };
  const ip = plainAddress(address);
  const sites = new Set<number>();
  for (const r of rows) {
    const title = r.aeTitle?.trim() ?? '';
    const problem = r.aeTitle ? aeTitleProblem(title) : null;
    if (problem) {
      warn(
        `allow-list entry ${r.id} of site ${r.siteId}: AE title '${printable(r.aeTitle!)}' ${problem}; it admits nobody`,
      );
      continue;
    }
    if ((!title || title === callingAe.trim()) && (!r.cidr || inCidr(ip, r.cidr))) sites.add(r.siteId);
  }
  return sites.size ? { admitted: true, siteIds: [...sites].sort((a, b) => a - b) } : { admitted: false };
}
