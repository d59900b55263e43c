import type { FailedFilesFilter, FailedFilesReport, IngestLogRow, LastFileRow } from '@kestrel/contract';
import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { devices, ingestLog, sites } from '../../platform/db/schema';
import { type Scope, siteVisible } from '../../platform/scope';

const DAY_MS = 86_400_000;
/** `from`/`to` are whole UTC days, both included. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Failed and unsupported objects, newest first, paged. Scope: rows of the sites the caller may
 * see; objects of no known site (unassigned devices, unreadable files) only for the whole fleet.
 */
export async function failedFiles(
  db: Db,
  scope: Scope,
  f: FailedFilesFilter,
  now: Date,
): Promise<FailedFilesReport> {
  const from = f.from ? dayStart(f.from) : new Date(now.getTime() - 30 * DAY_MS);
  const conditions: SQL[] = [
    siteVisible(scope, ingestLog.siteId),
    f.outcome ? eq(ingestLog.outcome, f.outcome) : inArray(ingestLog.outcome, ['failed', 'unsupported']),
    gte(ingestLog.receivedAt, from),
  ];
  if (f.to) conditions.push(lt(ingestLog.receivedAt, new Date(dayStart(f.to).getTime() + DAY_MS)));
  if (f.siteId) conditions.push(eq(ingestLog.siteId, f.siteId));
  if (f.deviceId) conditions.push(eq(ingestLog.deviceId, f.deviceId));
  if (f.reason) conditions.push(ilike(ingestLog.reason, `%${escapeLike(f.reason)}%`));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        log: ingestLog,
        deviceSerial: devices.serial,
        siteName: sites.name,
      })
      .from(ingestLog)
      .leftJoin(devices, eq(devices.id, ingestLog.deviceId))
      .leftJoin(sites, eq(sites.id, ingestLog.siteId))
      .where(where)
      .orderBy(desc(ingestLog.receivedAt), desc(ingestLog.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(ingestLog).where(where),
  ]);
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map(
      ({ log, deviceSerial, siteName }): IngestLogRow => ({
        id: log.id,
        receivedAt: log.receivedAt.toISOString(),
        door: log.door,
        callingAe: log.callingAe,
        remoteAddress: log.remoteAddress,
        fileName: log.fileName,
        sizeBytes: log.sizeBytes,
        sopClassUid: log.sopClassUid,
        sopInstanceUid: log.sopInstanceUid,
        objectKind: log.objectKind,
        outcome: log.outcome,
        reason: log.reason,
        deviceId: log.deviceId,
        deviceSerial: deviceSerial ?? null,
        siteId: log.siteId,
        siteName: siteName ?? null,
      }),
    ),
  };
}

/**
 * Per device the caller may see, the last object received (any outcome) while the device was at
 * one of the caller's sites: the log row's own site decides, so a device moved to the caller
 * does not bring the objects it sent at its earlier customer's site.
 */
export async function lastFiles(
  db: Db,
  scope: Scope,
  q: { deviceId?: number; siteId?: number },
): Promise<LastFileRow[]> {
  const conditions: SQL[] = [
    isNotNull(ingestLog.deviceId),
    siteVisible(scope, devices.siteId),
    siteVisible(scope, ingestLog.siteId),
  ];
  if (q.deviceId) conditions.push(eq(ingestLog.deviceId, q.deviceId));
  if (q.siteId) conditions.push(eq(devices.siteId, q.siteId));
  const rows = rowsOf<{
    device_id: number;
    serial: string;
    site_id: number | null;
    site_name: string | null;
    received_at: Date | string;
    door: LastFileRow['door'];
    object_kind: string | null;
    outcome: LastFileRow['outcome'];
    sop_class_uid: string | null;
    file_name: string | null;
  }>(
    await db.execute(sql`
      select distinct on (ingest_log.device_id) ingest_log.device_id, devices.serial, devices.site_id,
             sites.name as site_name, ingest_log.received_at, ingest_log.door, ingest_log.object_kind,
             ingest_log.outcome, ingest_log.sop_class_uid, ingest_log.file_name
      from ${ingestLog}
      join ${devices} on devices.id = ingest_log.device_id
      left join ${sites} on sites.id = devices.site_id
      where ${and(...conditions)}
      order by ingest_log.device_id, ingest_log.received_at desc, ingest_log.id desc`),
  );
  return rows.map((r) => ({
    deviceId: Number(r.device_id),
    serial: r.serial,
    siteId: r.site_id === null ? null : Number(r.site_id),
    siteName: r.site_name,
    receivedAt: new Date(r.received_at).toISOString(),
    door: r.door,
    objectKind: r.object_kind,
    outcome: r.outcome,
    sopClassUid: r.sop_class_uid,
    fileName: r.file_name,
  }));
}
