import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sendFiles, writeFleetObjects } from '@kestrel/fleet-sim/send';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestLog, siteDicomSenders } from '../../platform/db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { asObject } from '../../test/dicom-edit';
import { dcmtk, fixture, GE_PRESENTATION, tempDir, withoutMetaHeader } from '../../test/dicom-files';
import {
  associateRq,
  COMMAND,
  CT_IMAGE,
  commandElements,
  commandSet,
  contextResults,
  EXPLICIT_LE,
  item,
  LAST,
  MG_PRESENTATION,
  pdu,
  pdv,
  pdvsOf,
  RawPeer,
  statusOf,
  tap,
  VERIFICATION,
} from '../../test/dicom-raw-peer';
import { makeCustomer, makeSite } from '../../test/factories';
import type { IngestPipeline } from '../pipeline';
import { type DicomListener, startDicomListener } from './listener';

const LIMITS = { artimMs: 1000, idleMs: 1500, maxPduLength: 65536, maxObjectBytes: 256 * 1024 };
const MG_CONTEXT = { id: 3, abstractSyntax: MG_PRESENTATION, transferSyntaxes: [EXPLICIT_LE] };
const storeRq = (messageId: number, sopInstance: string) =>
  pdv(
    3,
    COMMAND | LAST,
    commandSet({ commandField: 0x0001, messageId, sopClass: MG_PRESENTATION, sopInstance, dataSetType: 0 }),
  );

/**
 * The listener against hostile and unusual peers on bare sockets, and against dcmtk with small
 * PDUs: each case ends the offending association only, so echoscu is answered afterwards.
 */
describe('DIMSE listener protocol handling', () => {
  let t: TestApp;
  let listener: DicomListener;
  const warnings: string[] = [];
  const received: Buffer[] = [];
  const dir = tempDir('dimse-protocol');
  const open = () => RawPeer.open(listener.port);
  const stillServes = async () => {
    const r = await dcmtk('echoscu', ['-aec', 'KESTREL', '127.0.0.1', String(listener.port)]);
    expect(r.code, r.output).toBe(0);
  };
  /** The A-ABORT the listener sends, then the close: [source, reason]. */
  const abortOf = async (peer: RawPeer) => {
    const p = await peer.next();
    expect(p?.type).toBe(0x07);
    await peer.closed;
    return [p!.body[2], p!.body[3]];
  };
  const lastLog = async () =>
    (await t.app.db.select().from(ingestLog).orderBy(desc(ingestLog.id)).limit(1))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    const pipeline: IngestPipeline = {
      ingest: (input) => {
        received.push(Buffer.from(input.bytes));
        return t.app.ingest.ingest(input);
      },
      close: () => t.app.ingest.close(),
      openSender: () => t.app.ingest.openSender(),
      lanes: () => t.app.ingest.lanes(),
    };
    listener = await startDicomListener({
      port: 0,
      aeTitle: 'KESTREL',
      db: t.app.db,
      pipeline,
      log: { warn: (m) => warnings.push(m) },
      limits: LIMITS,
    });
  });
  afterAll(async () => {
    await listener.close(() => t.app.ingest.close());
    await t.close();
  });

  it('aborts on garbage bytes (unrecognised PDU)', async () => {
    const peer = await open();
    peer.send(Buffer.from('GET / HTTP/1.1\r\nHost: kestrel\r\n\r\n'));
    expect(await abortOf(peer)).toEqual([2, 1]);
    expect(warnings.at(-1)).toMatch(/unknown PDU type 0x47; association aborted/);
    await stillServes();
  });

  it('closes a connection that does not associate within ARTIM: silent, or a cut A-ASSOCIATE-RQ', async () => {
    const silent = await open();
    const cut = await open();
    cut.send(
      associateRq({
        contexts: [{ id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [EXPLICIT_LE] }],
      }).subarray(0, 40),
    );
    const started = Date.now();
    await Promise.all([silent.closed, cut.closed]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.artimMs - 50);
    expect(warnings.filter((w) => /not associated within 1 s/.test(w))).toHaveLength(2);
    await stillServes();
  });

  it('aborts P-DATA before association, and an unknown PDU type after it', async () => {
    const early = await open();
    early.send(
      pdv(1, COMMAND | LAST, commandSet({ commandField: 0x0030, messageId: 1, dataSetType: 0x0101 })),
    );
    expect(await abortOf(early)).toEqual([2, 2]);
    const later = await open();
    await later.associate();
    later.send(pdu(0x0a, Buffer.alloc(4)));
    expect(await abortOf(later)).toEqual([2, 1]);
    await stillServes();
  });

  it('aborts P-DATA on a presentation context it refused, after answering the accepted one', async () => {
    const peer = await open();
    const ac = await peer.associate({
      contexts: [
        { id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [EXPLICIT_LE] },
        { id: 3, abstractSyntax: CT_IMAGE, transferSyntaxes: [EXPLICIT_LE] },
      ],
    });
    // 3: abstract syntax not supported.
    expect([...contextResults(ac)]).toEqual([
      [1, 0],
      [3, 3],
    ]);
    expect(statusOf((await peer.echo(1)).command)).toBe(0);
    peer.send(
      pdv(3, COMMAND | LAST, commandSet({ commandField: 0x0030, messageId: 2, dataSetType: 0x0101 })),
    );
    expect(await abortOf(peer)).toEqual([2, 6]);
    expect(warnings.at(-1)).toMatch(/presentation context 3, which we refused/);
    await stillServes();
  });

  it('answers a command it does not perform with 0x0211 and goes on; releases on A-RELEASE-RQ', async () => {
    const peer = await open();
    await peer.associate();
    // C-FIND-RQ with its identifier data set.
    peer.send(
      pdv(
        1,
        COMMAND | LAST,
        commandSet({ commandField: 0x0020, messageId: 7, sopClass: VERIFICATION, dataSetType: 0 }),
      ),
      pdv(1, LAST, Buffer.from([0x10, 0, 0x10, 0, 0, 0, 0, 0])),
    );
    const find = commandElements((await peer.response()).command);
    expect(find.get(0x0100)!.readUInt16LE(0)).toBe(0x8020);
    expect(find.get(0x0120)!.readUInt16LE(0)).toBe(7);
    expect(find.get(0x0900)!.readUInt16LE(0)).toBe(0x0211);
    expect(statusOf((await peer.echo(8)).command)).toBe(0);
    peer.send(pdu(0x05, Buffer.alloc(4)));
    expect((await peer.next())?.type).toBe(0x06);
    await peer.closed;
  });

  it('aborts an unreadable command set, a data set without its command and a PDU over its maximum', async () => {
    const garbled = await open();
    await garbled.associate();
    garbled.send(pdv(1, COMMAND | LAST, Buffer.from('not a command set at all')));
    expect(await abortOf(garbled)).toEqual([2, 6]);
    expect(warnings.at(-1)).toMatch(/unreadable command set/);

    const orphan = await open();
    await orphan.associate();
    orphan.send(pdv(1, LAST, Buffer.alloc(16)));
    expect(await abortOf(orphan)).toEqual([2, 6]);
    expect(warnings.at(-1)).toMatch(/data set arrived without its command/);

    const huge = await open();
    await huge.associate();
    huge.send(Buffer.from([4, 0, 0, 1, 0, 1]));
    expect(await abortOf(huge)).toEqual([2, 6]);
    expect(warnings.at(-1)).toMatch(/PDU of 65537 bytes exceeds our maximum of 65536/);
    await stillServes();
  });

  it('aborts an association idle for too long, also in the middle of an object', async () => {
    const idle = await open();
    await idle.associate();
    const stalled = await open();
    await stalled.associate({ contexts: [MG_CONTEXT] });
    stalled.send(storeRq(1, '1.2.3.1'), pdv(3, 0, Buffer.alloc(1000)));
    expect(await abortOf(idle)).toEqual([0, 0]);
    expect(await abortOf(stalled)).toEqual([0, 0]);
    expect(warnings.some((w) => /idle for 1.5 s during an object \(1000 bytes received\)/.test(w))).toBe(
      true,
    );
    await stillServes();
  });

  it('forgets an object whose sender disappears half-way, truncated PDU and all', async () => {
    const peer = await open();
    await peer.associate({ contexts: [MG_CONTEXT] });
    const before = received.length;
    peer.send(
      storeRq(1, '1.2.3.2'),
      pdv(3, 0, Buffer.alloc(2000)),
      pdv(3, 2, Buffer.alloc(5000)).subarray(0, 900),
    );
    await new Promise((r) => setTimeout(r, 50));
    peer.destroy();
    await peer.closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(warnings.at(-1)).toMatch(/connection lost during an object \(2000 bytes received\); nothing kept/);
    expect(received.length).toBe(before);
    await stillServes();
  });

  it('drains an object over the size cap, answers 0xC000 and logs it as failed; the association goes on', async () => {
    const peer = await open();
    await peer.associate({
      contexts: [{ id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [EXPLICIT_LE] }, MG_CONTEXT],
    });
    const fragments = Array.from({ length: 5 }, (_, i) => pdv(3, i === 4 ? LAST : 0, Buffer.alloc(60_000)));
    peer.send(storeRq(11, '1.2.3.999'), ...fragments);
    const answer = commandElements((await peer.response()).command);
    expect(answer.get(0x0900)!.readUInt16LE(0)).toBe(0xc000);
    expect(answer.get(0x0120)!.readUInt16LE(0)).toBe(11);
    expect(answer.get(0x1000)!.toString('latin1')).toBe('1.2.3.999\0');
    expect(answer.get(0x0902)!.toString('latin1').trim()).toBe('object over 262144 bytes');
    expect(await lastLog()).toMatchObject({
      door: 'dimse',
      outcome: 'failed',
      callingAe: 'RAWPEER',
      sopClassUid: MG_PRESENTATION,
      sopInstanceUid: '1.2.3.999',
      sizeBytes: 300_000,
      reason: 'object of 300000 bytes exceeds the DIMSE limit of 262144 bytes; not read',
    });
    expect(statusOf((await peer.echo(12)).command)).toBe(0);
    peer.destroy();
  });

  it('refuses AE titles with control characters, logged escaped; an allow-list entry with one admits nobody', async () => {
    const rejected = async (o: { callingAe?: string; calledAe?: string }) => {
      const peer = await open();
      peer.send(associateRq({ contexts: [], ...o }));
      const rj = await peer.next();
      expect(rj?.type).toBe(0x03);
      await peer.closed;
      return [...rj!.body];
    };
    // Permanent, by the service user: calling AE title not recognised (3), called (7).
    expect(await rejected({ callingAe: 'EVIL\x07\nAE' })).toEqual([0, 1, 1, 3]);
    const reason = "association refused: calling AE title 'EVIL\\x07\\x0aAE' contains control characters";
    expect(await lastLog()).toMatchObject({ outcome: 'failed', callingAe: 'EVIL\\x07\\x0aAE', reason });
    expect(warnings.at(-1)).toBe(`DICOM EVIL\\x07\\x0aAE at 127.0.0.1: ${reason}`);
    expect(await rejected({ calledAe: 'KESTREL\x1b[2J' })).toEqual([0, 1, 1, 7]);
    expect((await lastLog()).reason).toBe(
      "association refused: called AE title 'KESTREL\\x1b[2J' contains control characters",
    );
    expect(await rejected({ callingAe: 'CAF\u00c9' })).toEqual([0, 1, 1, 3]);

    const customer = await makeCustomer(t.app.db);
    const site = await makeSite(t.app.db, customer.id);
    await t.app.db
      .insert(siteDicomSenders)
      .values({ siteId: site.id, customerId: customer.id, aeTitle: 'MAMMO\x07' });
    try {
      expect(await rejected({ callingAe: 'MAMMO' })).toEqual([0, 1, 1, 3]);
      expect(
        warnings.some((w) => /AE title 'MAMMO\\x07' contains control characters; it admits nobody/.test(w)),
      ).toBe(true);
    } finally {
      await t.app.db.delete(siteDicomSenders);
    }
    await stillServes();
  });

  it("keeps every PDU it sends within the peer's maximum length", async () => {
    const peer = await open();
    await peer.associate({ maxLength: 32 });
    const { command, pdus } = await peer.echo(5);
    expect(pdus.length).toBeGreaterThan(1);
    for (const p of pdus) expect(p.length).toBeLessThanOrEqual(32);
    expect(pdus.flatMap((p) => pdvsOf(p.body)).map((v) => v.control)).toEqual([
      ...Array(pdus.length - 1).fill(COMMAND),
      COMMAND | LAST,
    ]);
    expect(statusOf(command)).toBe(0);
    expect(commandElements(command).get(0x0120)!.readUInt16LE(0)).toBe(5);
    peer.destroy();
  });

  it('ignores role selection, asynchronous operations and user identity, and refuses another application context', async () => {
    const peer = await open();
    const ac = await peer.associate({
      userItems: [
        item(0x53, Buffer.from([0, 8, 0, 8])),
        item(0x54, Buffer.concat([Buffer.from([0, 17]), Buffer.from(VERIFICATION), Buffer.from([1, 0])])),
        item(0x58, Buffer.from([2, 1, 0, 4, 0x75, 0x73, 0x65, 0x72, 0, 4, 0x70, 0x61, 0x73, 0x73])),
      ],
    });
    for (const type of [0x53, 0x54, 0x59]) expect(ac.includes(Buffer.from([type, 0]))).toBe(false);
    expect(statusOf((await peer.echo()).command)).toBe(0);
    peer.destroy();

    const other = await open();
    other.send(associateRq({ contexts: [], applicationContext: '1.2.3' }));
    const rj = await other.next();
    expect(rj?.type).toBe(0x03);
    expect([...rj!.body]).toEqual([0, 1, 1, 2]);
    expect((await lastLog()).reason).toBe("association refused: application context '1.2.3' is not DICOM's");
  });

  it('reassembles a data set sent in 4 KB PDUs (storescu --max-send-pdu) byte for byte', async () => {
    const file = path.join(dir, 'fragmented.dcm');
    writeFileSync(file, asObject(fixture(GE_PRESENTATION), 601));
    const relay = await tap(listener.port);
    const store = (port: number, ...extra: string[]) =>
      dcmtk('storescu', ['-v', ...extra, '-aec', 'KESTREL', '127.0.0.1', String(port), file]);
    try {
      received.length = 0;
      const whole = await store(listener.port);
      const split = await store(relay.port, '--max-send-pdu', '4096');
      expect(whole.output).toMatch(/Received Store Response \(Success\)/);
      expect(split.output).toMatch(/Received Store Response \(Success\)/);
      // On the wire: the data set in PDVs of P-DATA-TF PDUs no longer than 4096 bytes.
      const data = relay.sent
        .filter((p) => p.type === 0x04)
        .flatMap((p) => p.pdvs.filter((v) => !(v.control & 1)));
      expect(data.length).toBeGreaterThan(4);
      expect(Math.max(...relay.sent.filter((p) => p.type === 0x04).map((p) => p.length))).toBeLessThanOrEqual(
        4096,
      );
      expect(received).toHaveLength(2);
      expect(received[1]).toEqual(received[0]);
      expect(received[0]).toEqual(withoutMetaHeader(fixture(file)));
      expect((await lastLog()).outcome).toBe('duplicate');
    } finally {
      relay.close();
    }
  });

  it("takes the simulator's objects from dcmjs-dimse, a second sender implementation", async () => {
    const { objects } = writeFleetObjects({
      seed: 'dimse-protocol',
      devices: 2,
      days: 1,
      now: new Date('2026-03-04T18:00:00Z'),
      dir: path.join(dir, 'sim'),
      limit: 20,
    });
    const target = { host: '127.0.0.1', port: listener.port, calledAe: 'KESTREL', callingAe: 'KESTREL_SIM' };
    const r = await sendFiles(
      target,
      objects.map((o) => o.file),
      2,
    );
    expect(r.failed).toEqual([]);
    expect(r.ok).toBe(objects.length);
  });

  it('serves several associations at once', async () => {
    const files = Array.from({ length: 12 }, (_, i) => {
      const file = path.join(dir, `parallel-${i}.dcm`);
      writeFileSync(file, asObject(fixture(GE_PRESENTATION), 700 + i));
      return file;
    });
    const results = await Promise.all(
      [0, 1, 2, 3].map((lane) =>
        dcmtk('storescu', [
          '-aec',
          'KESTREL',
          '127.0.0.1',
          String(listener.port),
          ...files.filter((_, i) => i % 4 === lane),
        ]),
      ),
    );
    for (const r of results) expect(r.code, r.output).toBe(0);
    const rows = await t.app.db.select().from(ingestLog).orderBy(desc(ingestLog.id)).limit(12);
    expect(rows.every((r) => r.outcome === 'stored')).toBe(true);
  });
});

describe('DIMSE listener shutdown', () => {
  it('answers what is in flight, then aborts open associations and resolves close()', async () => {
    const t = await buildTestApp();
    try {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const pipeline: IngestPipeline = {
        // Committed at once, answered only when the test says so.
        ingest: async (input) => {
          const result = await t.app.ingest.ingest(input);
          await gate;
          return result;
        },
        close: () => t.app.ingest.close(),
        openSender: () => t.app.ingest.openSender(),
        lanes: () => t.app.ingest.lanes(),
      };
      const listener = await startDicomListener({
        port: 0,
        aeTitle: 'KESTREL',
        db: t.app.db,
        pipeline,
        log: { warn: () => {} },
      });
      const idle = await RawPeer.open(listener.port);
      await idle.associate();
      const busy = await RawPeer.open(listener.port);
      await busy.associate({ contexts: [MG_CONTEXT] });
      const object = withoutMetaHeader(asObject(fixture(GE_PRESENTATION), 801));
      busy.send(storeRq(3, '2.25.1'), pdv(3, LAST, object));
      await new Promise((r) => setTimeout(r, 100));
      const closing = listener.close(async () => {
        release();
        await t.app.ingest.close();
      });
      const answer = await busy.response();
      expect(statusOf(answer.command)).toBe(0);
      expect((await busy.next())?.type).toBe(0x07);
      expect((await idle.next())?.type).toBe(0x07);
      await closing;
      await Promise.all([busy.closed, idle.closed]);
    } finally {
      await t.close();
    }
  });
});
