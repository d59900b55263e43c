import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Db } from '../../platform/db';
import { ingestLog } from '../../platform/db/schema';
import type { IngestPipeline } from '../pipeline';
import { senderAllowed } from './allow-list';
import { Association, type AssociationServices, DEFAULT_LIMITS, type Limits } from './association';

export interface DicomListener {
  port: number;
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
  UPLOAD_MAX_BYTES: number;
}): Limits => ({
  idleMs: c.DICOM_IDLE_SECONDS * 1000,
  artimMs: c.DICOM_ARTIM_SECONDS * 1000,
  maxPduLength: c.DICOM_MAX_PDU_BYTES,
  maxObjectBytes: c.UPLOAD_MAX_BYTES,
});

/** How long a closing association's peer gets to hang up before its socket is destroyed. */
const SHUTDOWN_GRACE_MS = 2_000;

/** The DIMSE door: C-ECHO and C-STORE on `port` (0 = any free port; the chosen one is returned). */
export async function startDicomListener(opts: ListenerOptions): Promise<DicomListener> {
  const services: AssociationServices = {
    aeTitle: opts.aeTitle,
    pipeline: opts.pipeline,
    allowed: (ae, address) => senderAllowed(opts.db, ae, address),
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
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
  };
  const associations = new Set<Association>();
  // Nagle's algorithm would hold each small response until the sender's delayed ACK (~40 ms).
  const server = createServer({ noDelay: true, keepAlive: true }, (socket) => {
    const association = new Association(socket, services);
    associations.add(association);
    void association.closed.then(() => associations.delete(association));
  });
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
    close: async (drain) => {
      // No new associations; the callback fires once every connection has closed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await drain?.();
      await Promise.all([...associations].map((a) => a.shutdown(SHUTDOWN_GRACE_MS)));
      await closed;
    },
  };
}
