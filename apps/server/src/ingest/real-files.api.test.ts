import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, imageFacts, ingestLog } from '../platform/db/schema';
import { as, buildTestApp, login, type TestApp } from '../test/app';
import { CHARSET_CASES } from '../test/charsets';
import { dcmtk, tempDir, withoutMetaHeader } from '../test/dicom-files';
import {
  COMMAND,
  commandElements,
  commandSet,
  EXPLICIT_LE,
  LAST,
  pdv,
  RawPeer,
  statusOf,
} from '../test/dicom-raw-peer';
import { makeUser, TEST_PASSWORD } from '../test/factories';
import { charsetImage, damagedProjection, microAsReport } from '../test/real-world-objects';
import { type DicomListener, startDicomListener } from './dimse/listener';

const BOUNDARY = 'kestrel-real-files';
const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';
const WARNING =
  /^stored from what was read: the private element \(7E01,1010\) is damaged \(.+\), so it and the attributes after it up to Pixel Data were not read; Pixel Data is whole$/;

/** SOP Instance UID of a Part-10 file (0002,0003), as the meta header says. */
const instanceOf = (bytes: Buffer) => {
  const at = bytes.indexOf(Buffer.from([0x02, 0x00, 0x03, 0x00]), 132);
  return bytes.toString('latin1', at + 8, at + 8 + bytes.readUInt16LE(at + 6)).replace(/\0+$/, '');
};

/**
 * Objects of other makers' devices through the real doors (docs/ingest.md, "Damaged objects",
 * "Character sets"): dcmtk's storescu and a raw association to the DIMSE listener, and STOW-RS.
 */
describe('real files through the doors', () => {
  let t: TestApp;
  let listener: DicomListener;
  let token: string;
  const dir = tempDir('real-files');
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return file;
  };
  const stow = (parts: Buffer[]) =>
    t.app.inject({
      method: 'POST',
      url: '/dicomweb/studies',
      headers: {
        'content-type': `multipart/related; type="application/dicom"; boundary=${BOUNDARY}`,
        ...as(token),
      },
      payload: Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(`--${BOUNDARY}\r\nContent-Type: application/dicom\r\n\r\n`),
          p,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ]),
    });
  const logOf = async (sopInstanceUid: string) =>
    (
      await t.app.db
        .select()
        .from(ingestLog)
        .where(eq(ingestLog.sopInstanceUid, sopInstanceUid))
        .orderBy(desc(ingestLog.id))
    )[0];
  const factsOf = (uids: string[]) =>
    t.app.db
      .select({
        uid: imageFacts.sopInstanceUid,
        source: imageFacts.source,
        kind: imageFacts.imageKind,
        kvp: imageFacts.kvp,
        mas: imageFacts.mas,
        agd: imageFacts.agdMgy,
        laterality: imageFacts.laterality,
      })
      .from(imageFacts)
      .where(inArray(imageFacts.sopInstanceUid, uids))
      .orderBy(imageFacts.sopInstanceUid);

  beforeAll(async () => {
    t = await buildTestApp();
    listener = await startDicomListener({
      port: 0,
      aeTitle: 'KESTREL',
      db: t.app.db,
      pipeline: t.app.ingest,
      log: { warn: () => {} },
    });
    const engineer = await makeUser(t.app.db, { role: 'service' });
    token = await login(t.app, engineer.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await listener.close(() => t.app.ingest.close());
    await t.close();
  });

  describe('a tomosynthesis projection with a damaged private sequence', () => {
    const expectStored = async (bytes: Buffer, door: 'dimse' | 'stow') => {
      const uid = instanceOf(bytes);
      expect(await factsOf([uid])).toEqual([
        { uid, source: 'image', kind: 'tomo_projection', kvp: 29, mas: 65.4, agd: 1.48, laterality: 'L' },
      ]);
      const log = await logOf(uid);
      expect(log).toMatchObject({ door, outcome: 'stored', sopClassUid: SECONDARY_CAPTURE });
      expect(log?.reason).toMatch(WARNING);
    };

    it('via STOW-RS: stored from what was read, the warning in the ingest log and the answer', async () => {
      const bytes = damagedProjection(11, 'DMG-STOW');
      const r = await stow([bytes]);
      // 202 with Warning Reason B006 (Elements Discarded) for the instance.
      expect(r.statusCode, r.body).toBe(202);
      expect(r.json()['00081199'].Value[0]).toMatchObject({
        '00081155': { Value: [instanceOf(bytes)] },
        '00081196': { vr: 'US', Value: [0xb006] },
      });
      expect(r.json()['00081198']).toBeUndefined();
      await expectStored(bytes, 'stow');
      // The device known now, the next one may take the fast path: the same warning.
      const next = damagedProjection(13, 'DMG-STOW', 'item-too-long');
      const again = await stow([next]);
      expect(again.statusCode).toBe(202);
      expect(again.json()['00081199'].Value[0]['00081196'].Value).toEqual([0xb006]);
      await expectStored(next, 'stow');
    });

    it('via DIMSE: storescu cannot read it (dcmtk refuses it too); sent as is, it is stored', async () => {
      const bytes = damagedProjection(12, 'DMG-DIMSE');
      const refused = await dcmtk('storescu', [
        '-aec',
        'KESTREL',
        '127.0.0.1',
        String(listener.port),
        write('damaged.dcm', bytes),
      ]);
      expect(refused.output).toMatch(/Bad DICOM file/);
      expect(await logOf(instanceOf(bytes))).toBeUndefined();

      // The data set exactly as the device sent it, over a real association.
      const peer = await RawPeer.open(listener.port);
      await peer.associate({
        contexts: [{ id: 3, abstractSyntax: SECONDARY_CAPTURE, transferSyntaxes: [EXPLICIT_LE] }],
      });
      peer.send(
        pdv(
          3,
          COMMAND | LAST,
          commandSet({
            commandField: 0x0001,
            messageId: 1,
            sopClass: SECONDARY_CAPTURE,
            sopInstance: instanceOf(bytes),
            dataSetType: 0,
          }),
        ),
        pdv(3, LAST, withoutMetaHeader(bytes)),
      );
      const answer = (await peer.response()).command;
      // Warning: Elements Discarded, saying which in Error Comment.
      expect(statusOf(answer)).toBe(0xb006);
      expect(commandElements(answer).get(0x0902)?.toString('latin1').trim()).toBe(
        'stored; damaged private element (7E01,1010) not read',
      );
      peer.destroy();
      await expectStored(bytes, 'dimse');
    });
  });

  describe('a dose report with Exposure in µAs only (uA.s)', () => {
    const events = (n: number) => [`2.25.6${n}4`, `2.25.6${n}5`];
    const expectMas = async (n: number, door: 'dimse' | 'stow') => {
      expect((await factsOf(events(n))).map((f) => [f.source, f.mas, f.kvp])).toEqual([
        ['rdsr', 71.3, 30],
        ['rdsr', 80.25, 31],
      ]);
      expect(await logOf(`2.25.6${n}1`)).toMatchObject({ door, outcome: 'stored', reason: null });
    };

    it('via storescu to the DIMSE listener: mAs stored', async () => {
      const r = await dcmtk('storescu', [
        '-aec',
        'KESTREL',
        '127.0.0.1',
        String(listener.port),
        write('uas.dcm', microAsReport(21, 'UAS-DIMSE')),
      ]);
      expect(r.code, r.output).toBe(0);
      await expectMas(21, 'dimse');
    });

    it('via STOW-RS: mAs stored', async () => {
      const r = await stow([microAsReport(22, 'UAS-STOW')]);
      expect(r.statusCode, r.body).toBe(200);
      await expectMas(22, 'stow');
    });
  });

  it('a pending device registered by a dose report that names no institution takes it from its first image', async () => {
    expect((await stow([microAsReport(50, 'UAS-LATER')])).statusCode).toBe(200);
    const placeOf = async () =>
      (
        await t.app.db
          .select({ station: devices.stationName, institution: devices.institutionName })
          .from(devices)
          .where(eq(devices.serial, 'UAS-LATER'))
      )[0];
    expect(await placeOf()).toEqual({ station: null, institution: null });
    const c = CHARSET_CASES[3]!;
    expect((await stow([charsetImage(51, 'UAS-LATER', c)])).statusCode).toBe(200);
    expect(await placeOf()).toEqual({ station: c.station, institution: c.institution });
    // What it said first stays: a later image with other names does not move it.
    expect((await stow([charsetImage(52, 'UAS-LATER', CHARSET_CASES[0])])).statusCode).toBe(200);
    expect(await placeOf()).toEqual({ station: c.station, institution: c.institution });
  });

  it('a pending device shows the institution and station it reported, in its character set', async () => {
    const serials = CHARSET_CASES.map((_, i) => `CS-PENDING-${i}`);
    const r = await stow(CHARSET_CASES.map((c, i) => charsetImage(30 + i, serials[i]!, c)));
    expect(r.statusCode, r.body).toBe(200);
    // Sent by storescu too: the listener reads the same.
    const dimse = await dcmtk('storescu', [
      '-aec',
      'KESTREL',
      '127.0.0.1',
      String(listener.port),
      write('gb18030.dcm', charsetImage(40, 'CS-PENDING-DIMSE', CHARSET_CASES[2])),
    ]);
    expect(dimse.code, dimse.output).toBe(0);

    const stored = await t.app.db
      .select({ serial: devices.serial, station: devices.stationName, institution: devices.institutionName })
      .from(devices)
      .where(inArray(devices.serial, [...serials, 'CS-PENDING-DIMSE']));
    expect(stored).toHaveLength(5);

    const status = await t.app.inject({ url: '/api/ha/deviceOnboardStatus', headers: as(token) });
    expect(status.statusCode).toBe(200);
    const rows = status.json().result.devices as {
      serial: string;
      onboardingState: string;
      stationName: string | null;
      institutionName: string | null;
    }[];
    const row = (serial: string) => rows.find((d) => d.serial === serial);
    CHARSET_CASES.forEach((c, i) => {
      expect(row(serials[i]!), c.specificCharacterSet).toMatchObject({
        onboardingState: 'pending',
        institutionName: c.institution,
        stationName: c.station,
      });
    });
    expect(row('CS-PENDING-DIMSE')).toMatchObject({
      institutionName: CHARSET_CASES[2]!.institution,
      stationName: CHARSET_CASES[2]!.station,
    });
  });
});
