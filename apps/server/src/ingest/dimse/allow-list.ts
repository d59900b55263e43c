import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../../platform/db';
import { siteDicomSenders } from '../../platform/db/schema';

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

/**
 * May this sender open an association? The senders configured for all sites together form the
 * allow-list: a row admits its AE title (any when empty) from its address range (any when
 * empty). No rows at all: every sender is admitted (the default for a new installation).
 * Read per association, so a change applies to the next association without a restart.
 */
export async function senderAllowed(
  db: Db,
  callingAe: string,
  address: string | undefined,
): Promise<boolean> {
  const rows = await db
    .select({ aeTitle: siteDicomSenders.aeTitle, cidr: siteDicomSenders.cidr })
    .from(siteDicomSenders);
  if (!rows.length) return true;
  const ip = plainAddress(address);
  return rows.some(
    (r) => (!r.aeTitle || r.aeTitle.trim() === callingAe.trim()) && (!r.cidr || inCidr(ip, r.cidr)),
  );
}
