import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '@kestrel/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { devices } from '../db/schema';

/**
 * Device keys authenticate a device's own calls (heartbeats, STOW-RS). A key reads
 * `kd_<deviceId>_<43 random chars>`; only its sha256 is stored, and it is shown once when issued.
 * The id in the key lets us fetch one row and compare hashes in constant time, with no index on
 * the hash.
 */
const hash = (key: string) => createHash('sha256').update(key).digest('hex');

export async function issueDeviceKey(db: DbOrTx, deviceId: number, now: Date): Promise<string> {
  const key = `kd_${deviceId}_${randomBytes(32).toString('base64url')}`;
  await db
    .update(devices)
    .set({ keyHash: hash(key), keyCreatedAt: now })
    .where(eq(devices.id, deviceId));
  return key;
}

export interface KeyedDevice {
  id: number;
  customerId: number | null;
  siteId: number | null;
}

export async function verifyDeviceKey(db: DbOrTx, key: string | undefined): Promise<KeyedDevice | null> {
  const m = key ? /^kd_(\d{1,10})_[\w-]{43}$/.exec(key) : null;
  // An id past 32 bits names no device (and would be an error in the query).
  if (!m || !key || Number(m[1]) > MAX_ID) return null;
  const [row] = await db
    .select({
      id: devices.id,
      customerId: devices.customerId,
      siteId: devices.siteId,
      keyHash: devices.keyHash,
    })
    .from(devices)
    .where(eq(devices.id, Number(m[1])))
    .limit(1);
  if (!row?.keyHash) return null;
  const a = Buffer.from(row.keyHash, 'hex');
  const b = Buffer.from(hash(key), 'hex');
  return a.length === b.length && timingSafeEqual(a, b)
    ? { id: row.id, customerId: row.customerId, siteId: row.siteId }
    : null;
}
