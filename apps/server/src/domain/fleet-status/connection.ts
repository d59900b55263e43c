import {
  type AvailabilityKey,
  type ConnectionStatus,
  type ConnectionThresholds,
  connectionStatusAt,
  laterOf,
} from '@kestrel/contract';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { deviceStatusHistory, devices } from '../../platform/db/schema';
import type { Scope } from '../../platform/scope';

type Status = Exclude<ConnectionStatus, null>;
export interface Change {
  status: Status;
  since: Date;
}
/**
 * A change as one caller sees it: 'unavailable' = from then on the device was at a site the
 * caller does not see (it was moved away), until a change at one of their sites.
 */
export interface SeenChange {
  status: AvailabilityKey;
  since: Date;
}

export const connectionThresholds = (config: Config): ConnectionThresholds => ({
  yellowMinutes: config.CONNECTION_YELLOW_MINUTES,
  redMinutes: config.CONNECTION_RED_MINUTES,
});

const ORDER: readonly Status[] = ['GREEN', 'YELLOW', 'RED'];

/**
 * The status changes to record at `at`, given the recorded status (and when it began) and the
 * last contact. Each change is dated when it happened, not when it was noticed: GREEN at the
 * contact, YELLOW and RED when their threshold after it was crossed. A contact after a YELLOW or
 * RED began means the device was GREEN again from that contact, even if it has lapsed since, so
 * no period is lost however seldom this runs.
 */
export function connectionTransitions(
  recorded: { status: ConnectionStatus; since: Date | null },
  lastContact: Date | null,
  at: Date,
  th: ConnectionThresholds,
): Change[] {
  const target = connectionStatusAt(lastContact, at, th);
  if (!lastContact || !target) return [];
  const lc = lastContact.getTime();
  const sinceOf: Record<Status, Date> = {
    GREEN: lastContact,
    YELLOW: new Date(lc + th.yellowMinutes * 60_000),
    RED: new Date(lc + th.redMinutes * 60_000),
  };
  const restart =
    recorded.status === null ||
    (recorded.status !== 'GREEN' && recorded.since !== null && lastContact > recorded.since);
  let from = 0;
  if (!restart) {
    const current = ORDER.indexOf(recorded.status!);
    // Only if thresholds were changed: the device is now in a milder status without new contact.
    if (ORDER.indexOf(target) < current) return [{ status: target, since: at }];
    from = current + 1;
  }
  return ORDER.slice(from, ORDER.indexOf(target) + 1).map((status) => ({ status, since: sinceOf[status] }));
}

interface DeviceContact {
  id: number;
  customerId: number | null;
  siteId: number | null;
  connectionStatus: Status | null;
  connectionSince: Date | null;
  lastHeartbeatAt: Date | null;
  lastObjectAt: Date | null;
}

const contactColumns = {
  id: devices.id,
  customerId: devices.customerId,
  siteId: devices.siteId,
  connectionStatus: devices.connectionStatus,
  connectionSince: devices.connectionSince,
  lastHeartbeatAt: devices.lastHeartbeatAt,
  lastObjectAt: devices.lastObjectAt,
};

async function record(tx: Tx, d: DeviceContact, changes: Change[]) {
  if (!changes.length) return;
  await tx
    .insert(deviceStatusHistory)
    .values(changes.map((c) => ({ deviceId: d.id, customerId: d.customerId, siteId: d.siteId, ...c })));
  const last = changes[changes.length - 1]!;
  await tx
    .update(devices)
    .set({ connectionStatus: last.status, connectionSince: last.since })
    .where(eq(devices.id, d.id));
}

/**
 * A device was heard from at `at` (heartbeat): record what happened since its previous contact,
 * then the contact itself. The caller's transaction holds the device row.
 */
export async function recordContact(tx: Tx, deviceId: number, at: Date, th: ConnectionThresholds) {
  const [d] = await tx.select(contactColumns).from(devices).where(eq(devices.id, deviceId)).for('update');
  if (!d) return null;
  const previous = laterOf(d.lastHeartbeatAt, d.lastObjectAt);
  const state = { status: d.connectionStatus as ConnectionStatus, since: d.connectionSince };
  const changes = connectionTransitions(state, previous, at, th);
  const afterGap = changes.length ? changes[changes.length - 1]! : null;
  const contact = laterOf(previous, at);
  changes.push(
    ...connectionTransitions(
      afterGap ? { status: afterGap.status, since: afterGap.since } : state,
      contact,
      at,
      th,
    ),
  );
  await record(tx, d, changes);
  return connectionStatusAt(contact, at, th);
}

/**
 * Re-evaluate every device (or the given ones) at `now`: devices that went quiet turn YELLOW or
 * RED, and devices heard from by other means (objects) turn GREEN. Run periodically.
 * Returns the number of status changes recorded.
 */
export async function evaluateConnections(
  db: Db,
  now: Date,
  th: ConnectionThresholds,
  deviceIds?: number[],
): Promise<number> {
  const heard = or(isNotNull(devices.lastHeartbeatAt), isNotNull(devices.lastObjectAt));
  const all = await db
    .select(contactColumns)
    .from(devices)
    .where(deviceIds ? and(heard, inArray(devices.id, deviceIds)) : heard);
  const changed = all.filter(
    (d) =>
      connectionTransitions(
        { status: d.connectionStatus, since: d.connectionSince },
        laterOf(d.lastHeartbeatAt, d.lastObjectAt),
        now,
        th,
      ).length > 0,
  );
  let n = 0;
  // Small transactions: the embedded database has one connection that ingest needs too.
  for (let i = 0; i < changed.length; i += 100) {
    const ids = changed.slice(i, i + 100).map((d) => d.id);
    n += await db.transaction(async (tx) => {
      const fresh = await tx
        .select(contactColumns)
        .from(devices)
        .where(inArray(devices.id, ids))
        .orderBy(asc(devices.id))
        .for('update');
      let recorded = 0;
      for (const d of fresh) {
        const changes = connectionTransitions(
          { status: d.connectionStatus, since: d.connectionSince },
          laterOf(d.lastHeartbeatAt, d.lastObjectAt),
          now,
          th,
        );
        await record(tx, d, changes);
        recorded += changes.length;
      }
      return recorded;
    });
  }
  return n;
}

/**
 * A device moves to another site at `at` (the caller's transaction holds the device row, which
 * still names the old site): the changes due up to the move are recorded at the old site, then
 * the status in force starts again at the new site, dated the move. So each site's rows cover
 * exactly the time the device was there, and the new site's history does not begin with a gap.
 */
export async function recordMove(
  tx: Tx,
  deviceId: number,
  to: { id: number; customerId: number },
  at: Date,
  th: ConnectionThresholds,
) {
  const [d] = await tx.select(contactColumns).from(devices).where(eq(devices.id, deviceId)).for('update');
  if (!d) return;
  const changes = connectionTransitions(
    { status: d.connectionStatus, since: d.connectionSince },
    laterOf(d.lastHeartbeatAt, d.lastObjectAt),
    at,
    th,
  );
  await record(tx, d, changes);
  const status = changes.at(-1)?.status ?? d.connectionStatus;
  if (status) await record(tx, { ...d, customerId: to.customerId, siteId: to.id }, [{ status, since: at }]);
}

/**
 * Status history of devices for [from, to) as the caller may see it: the changes inside it and,
 * per device, the one in force at `from`. A row counts only if it was written at a site in the
 * caller's scope; a row written elsewhere (the device had been moved away) ends what they see
 * with 'unavailable' until the next row at one of their sites. Whole-fleet callers see every row.
 */
export async function statusHistory(
  db: DbOrTx,
  scope: Scope,
  deviceIds: number[],
  from: Date,
  to: Date,
): Promise<Map<number, SeenChange[]>> {
  const out = new Map<number, SeenChange[]>();
  if (!deviceIds.length) return out;
  const ids = sql`${`{${deviceIds.join(',')}}`}::int[]`;
  const rows = (
    (await db.execute(sql`
      (select distinct on (device_id) id, device_id, site_id, status, since from device_status_history
        where device_id = any(${ids}) and since < ${from} order by device_id, since desc, id desc)
      union all
      (select id, device_id, site_id, status, since from device_status_history
        where device_id = any(${ids}) and since >= ${from} and since < ${to})
      order by device_id, since, id`)) as unknown as {
      rows: { device_id: number; site_id: number | null; status: Status; since: Date | string }[];
    }
  ).rows;
  const seen = new Set(scope.siteIds);
  for (const r of rows) {
    const list = out.get(Number(r.device_id)) ?? [];
    const since = new Date(r.since);
    if (scope.all || (r.site_id !== null && seen.has(Number(r.site_id)))) {
      list.push({ status: r.status, since });
    } else if (list.length && list.at(-1)!.status !== 'unavailable') {
      list.push({ status: 'unavailable', since });
    }
    out.set(Number(r.device_id), list);
  }
  return out;
}

/** Changes as the API lists them: the statuses only (time at sites the caller does not see is left out). */
export function shownChanges(changes: readonly SeenChange[]): { status: Status; since: string }[] {
  return changes.flatMap((c) =>
    c.status === 'unavailable' ? [] : [{ status: c.status, since: c.since.toISOString() }],
  );
}

/**
 * The changes a window shows: the status in force when it opens (whenever that began) and every
 * change inside it. Availability counts the time before the first change inside the window by
 * that status too, so the two always tell the same story (a device GREEN for months shows
 * "GREEN since …", not "no data" beside 100 % GREEN).
 */
export function changesInWindow(changes: readonly SeenChange[], from: Date): SeenChange[] {
  const inside = changes.filter((c) => c.since >= from);
  const inForce = changes.filter((c) => c.since < from).at(-1);
  return inForce ? [inForce, ...inside] : inside;
}
