import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Db } from '../../platform/db';
import { ingestLog } from '../../platform/db/schema';
import type { IngestPipeline } from '../pipeline';
import { plainAddress, senderAdmission } from './allow-list';
import { Association, type AssociationServices, DEFAULT_LIMITS, type Limits } from './association';
import { BufferBudget } from './budget';
import { refuseBusy } from './busy';

export interface DicomListener {
  port: number;
  /** What the limits are doing now (and did so far): for metrics and tests. */
  stats(): {
    associations: number;
    bufferedBytes: number;
    peakBufferedBytes: number;
    heldBack: number;
    refusedBusy: number;
  };
  /** Stop taking associations, let the pipeline finish what it has, then drop connections. */
  close(drain?: () => Promise<void>): Promise<void>;
}

export interface ListenerOptions {
  port: number;
  aeTitle: string;
  db: Db;
  pipeline: IngestPipeline;
  log: { warn(msg: string): void };
  /** Timeouts and size caps (association.ts); the defaults suit production. */
  limits?: Partial<Limits>;
}

/** The listener's limits from configuration (DICOM_*; the largest object as UPLOAD_MAX_BYTES). */
export const limitsFromConfig = (c: {
  DICOM_IDLE_SECONDS: number;
  DICOM_ARTIM_SECONDS: number;
  DICOM_MAX_PDU_BYTES: number;
  DICOM_MAX_ASSOCIATIONS: number;
  DICOM_MAX_BUFFERED_BYTES: number;
  DICOM_UNLISTED_MAX_OBJECT_BYTES: number;
  DICOM_MAX_HEADER_BYTES: number;
  UPLOAD_MAX_BYTES: number;
}): Limits => ({
  idleMs: c.DICOM_IDLE_SECONDS * 1000,
  artimMs: c.DICOM_ARTIM_SECONDS * 1000,
  maxPduLength: c.DICOM_MAX_PDU_BYTES,
  maxObjectBytes: c.UPLOAD_MAX_BYTES,
  unlistedMaxObjectBytes: c.DICOM_UNLISTED_MAX_OBJECT_BYTES,
  maxAssociations: c.DICOM_MAX_ASSOCIATIONS,
  maxBufferedBytes: c.DICOM_MAX_BUFFERED_BYTES,
  maxKeptBytes: c.DICOM_MAX_HEADER_BYTES,
});

/** How long a closing association's peer gets to hang up before its socket is destroyed. */
const SHUTDOWN_GRACE_MS = 2_000;

/** The DIMSE door: C-ECHO and C-STORE on `port` (0 = any free port; the chosen one is returned). */
export async function startDicomListener(opts: ListenerOptions): Promise<DicomListener> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const budget = new BufferBudget(limits.maxBufferedBytes);
  const services: AssociationServices = {
    aeTitle: opts.aeTitle,
    pipeline: opts.pipeline,
    admit: (ae, address) => senderAdmission(opts.db, ae, address, (m) => opts.log.warn(`DICOM ${m}`)),
    // Written before the sender is answered, so the log is complete when the sender hears.
    record: async (source, event) => {
      await opts.db
        .insert(ingestLog)
        .values({
          ...source,
          outcome: event.outcome,
          reason: event.reason,
          sopClassUid: event.sopClassUid || null,
          sopInstanceUid: event.sopInstanceUid || null,
          sizeBytes: event.sizeBytes ?? null,
          receivedAt: new Date(),
        })
        .then(
          () => {},
          (err) => opts.log.warn(`ingest log write failed: ${String(err)}`),
        );
    },
    warn: (message) => opts.log.warn(message),
    limits,
    budget,
  };
  const associations = new Set<Association>();
  let refusedBusy = 0;
  const busyWarning = throttled((m) => opts.log.warn(m));
  // Nagle's algorithm would hold each small response until the sender's delayed ACK (~40 ms).
  const server = createServer({ noDelay: true, keepAlive: true }, (socket) => {
    if (associations.size >= limits.maxAssociations) {
      refusedBusy++;
      busyWarning(
        `DICOM ${plainAddress(socket.remoteAddress)}: ${limits.maxAssociations} associations open (DICOM_MAX_ASSOCIATIONS); association refused (A-ASSOCIATE-RJ, transient)`,
      );
      refuseBusy(socket, limits.artimMs);
      return;
    }
    const association = new Association(socket, services);
    associations.add(association);
    void association.closed.then(() => associations.delete(association));
  });
  // Busy refusals hold a socket each until the peer hangs up; past twice the limit, the kernel's
  // connection is closed at once without a word.
  server.maxConnections = limits.maxAssociations * 2;
  server.on('drop', (d) =>
    busyWarning(`DICOM ${plainAddress(d?.remoteAddress)}: too many connections; closed unanswered`),
  );
  server.on('error', (err) => opts.log.warn(`DICOM listener error: ${err.message}`));
  server.listen(opts.port);
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([err]) => {
      throw err;
    }),
  ]);
  const port = (server.address() as { port: number }).port;
  return {
    port,
    stats: () => ({
      associations: associations.size,
      bufferedBytes: budget.used,
      peakBufferedBytes: budget.peak,
      heldBack: budget.holds,
      refusedBusy,
    }),
    close: async (drain) => {
      // No new associations; the callback fires once every connection has closed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await drain?.();
      await Promise.all([...associations].map((a) => a.shutdown(SHUTDOWN_GRACE_MS)));
      await closed;
    },
  };
}

/** At most one line a second: a flood of connections must not become a flood of log lines. */
function throttled(warn: (message: string) => void, everyMs = 1000) {
  let last = 0;
  let quiet = 0;
  return (message: string) => {
    const now = Date.now();
    if (now - last < everyMs) {
      quiet++;
      return;
    }
    warn(quiet ? `${message} (and ${quiet} more since the last such line)` : message);
    last = now;
    quiet = 0;
  };
}
