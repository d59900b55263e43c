import { once } from 'node:events';
import type { Server as NetServer } from 'node:net';
import type { Db } from '../../platform/db';
import { ingestLog } from '../../platform/db/schema';
import type { IngestPipeline } from '../pipeline';
import { senderAllowed } from './allow-list';
import { dimse, KestrelScp, type ScpContext } from './scp';

// dcmjs-dimse logs every PDU at INFO; keep its warnings and errors only.
dimse.log.setLevel('warn');

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
}

/** The DIMSE door: C-ECHO and C-STORE on `port` (0 = any free port; the chosen one is returned). */
export async function startDicomListener(opts: ListenerOptions): Promise<DicomListener> {
  const ctx: ScpContext = {
    aeTitle: opts.aeTitle,
    pipeline: opts.pipeline,
    allowed: (ae, address) => senderAllowed(opts.db, ae, address),
    // Written before the association is answered, so the log is complete when the sender hears.
    record: async (source, outcome, reason, sopClassUid) => {
      await opts.db
        .insert(ingestLog)
        .values({ ...source, outcome, reason, sopClassUid: sopClassUid ?? null, receivedAt: new Date() })
        .then(
          () => {},
          (err) => opts.log.warn(`ingest log write failed: ${String(err)}`),
        );
    },
    onError: (message) => opts.log.warn(`DICOM: ${message}`),
  };
  const server = new dimse.Server(KestrelScp);
  server.on('networkError', (err: Error) => opts.log.warn(`DICOM network error: ${err.message}`));
  server.listen(opts.port, { customOptions: { ctx } });
  const net = (server as unknown as { server: NetServer }).server;
  await Promise.race([
    once(net, 'listening'),
    once(net, 'error').then(([err]) => {
      throw err;
    }),
  ]);
  const port = (net.address() as { port: number }).port;
  return {
    port,
    close: async (drain) => {
      // No new associations; net.close's callback would wait for the open ones, so don't.
      net.close();
      await drain?.();
      server.close();
    },
  };
}
