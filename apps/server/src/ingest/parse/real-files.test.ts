import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectionAsSecondaryCapture, toPart10, withDamagedPrivateSequence } from '@kestrel/fleet-sim';
import { describe, expect, it } from 'vitest';
import { CHARSET_CASES, iso2022Jp } from '../../test/charsets';
import { fixture, GE_PRESENTATION, tempDir } from '../../test/dicom-files';
import { charsetImage, damagedProjection, imageRecord, microAsReport } from '../../test/real-world-objects';
import { mapObject } from '../mapping';
import { prepare } from '../pipeline/prepare';
import { parseObject, TRANSFER_SYNTAX } from '.';
import { textDecoderFor } from './charset';

/** Part-10 bytes → the data set DIMSE would carry (no preamble, no meta header). */
const dataSetOf = (bytes: Buffer) => bytes.subarray(132 + 12 + bytes.readUInt32LE(140));

describe('real files that failed or lost values', () => {
  describe('a damaged private sequence after the header', () => {
    for (const kind of ['element-too-long', 'item-too-long'] as const) {
      it(`(${kind}) is read up to the damage and mapped, with what was not read said`, () => {
        const bytes = damagedProjection(1, 'DMG-1', kind);
        const parsed = parseObject(bytes);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.damage).toMatch(
          /^the private element \(7E01,1010\) is damaged \(.+\), so it and the attributes after it up to Pixel Data were not read; Pixel Data is whole$/,
        );
        expect(parsed.transferSyntaxUid).toBe(TRANSFER_SYNTAX.explicitLittleEndian);
        const mapped = mapObject(parsed.header);
        expect(mapped.kind).toBe('image');
        if (mapped.kind !== 'image') return;
        expect(mapped.image).toMatchObject({
          imageKind: 'tomo_projection',
          laterality: 'L',
          view: 'CC',
          kvp: 29,
          mas: 65.4,
          agdMgy: 1.48,
          thicknessMm: 52,
        });
      });
    }

    it('is read up to the damage in a real GE file too (its sequences before the damage kept)', () => {
      for (const kind of ['element-too-long', 'item-too-long'] as const) {
        const bytes = Buffer.from(withDamagedPrivateSequence(fixture(GE_PRESENTATION), { kind }));
        const parsed = parseObject(bytes);
        if (!parsed.ok) throw new Error(parsed.reason);
        expect(parsed.damage).toMatch(/\(7E01,1010\)/);
        const mapped = mapObject(parsed.header);
        if (mapped.kind !== 'image') throw new Error(mapped.kind);
        // As the undamaged file (see parse.test.ts): 26 kV, 20800 µAs, OrganDose 0.00547 dGy.
        expect(mapped.image).toMatchObject({ kvp: 26, mas: 20.8, agdMgy: 0.547, view: 'CC' });
      }
    });

    it('is refused by dcmtk too (the damage is real, not a quirk of our reader)', () => {
      const file = path.join(tempDir('damaged'), 'damaged.dcm');
      writeFileSync(file, damagedProjection(2, 'DMG-1'));
      expect(() => execFileSync('dcmdump', [file], { stdio: 'pipe' })).toThrow(/larger than/);
    });

    it('is read the same as a DIMSE data set, explicit VR', () => {
      const parsed = parseObject(dataSetOf(damagedProjection(3, 'DMG-1')), {
        transferSyntaxUid: TRANSFER_SYNTAX.explicitLittleEndian,
      });
      expect(parsed.ok && parsed.damage).toMatch(/\(7E01,1010\)/);
    });

    it('still fails when the object was also cut short (Pixel Data not whole after the damage)', () => {
      const bytes = damagedProjection(4, 'DMG-1');
      const parsed = parseObject(bytes.subarray(0, bytes.length - 100));
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(parsed.reason).toMatch(/truncated|corrupt|item tag/);
    });

    it('fails, saying both, when what was read before the damage is not enough to map', () => {
      const plain = toPart10(projectionAsSecondaryCapture(imageRecord(6, 'DMG-1')));
      // A private group 0019 block before Study Instance UID (0020,000D): that UID is lost.
      const bytes = withDamagedPrivateSequence(plain, { group: 0x0019, before: '0020,000D' });
      const p = prepare({ bytes, source: { door: 'upload' } }, new Date());
      expect(p).toMatchObject({ kind: 'logOnly', outcome: 'failed' });
      expect(p.kind === 'logOnly' && p.reason).toMatch(
        /^the private element \(0019,1010\) is damaged .*; what was read before it: Study Instance UID \(0020,000D\) is missing$/,
      );
    });

    it('still fails when a standard element is damaged, not a private one', () => {
      const bytes = damagedProjection(5, 'DMG-1');
      // The private sequence's group becomes 7E00: even, so a standard group.
      const at = bytes.indexOf(Buffer.from([0x01, 0x7e, 0x10, 0x10]));
      bytes.writeUInt16LE(0x7e00, at);
      expect(parseObject(bytes).ok).toBe(false);
    });
  });

  describe('a dose report with Exposure in µAs only', () => {
    for (const unit of ['uA.s', 'uAs', 'µA.s', 'μAs']) {
      it(`gives mAs from Exposure (113736) in '${unit}'`, () => {
        const parsed = parseObject(microAsReport(1, 'UAS-1', unit));
        if (!parsed.ok) throw new Error(parsed.reason);
        const mapped = mapObject(parsed.header);
        if (mapped.kind !== 'doseReport') throw new Error(mapped.kind);
        expect(mapped.report.events.map((e) => e.mas)).toEqual([71.3, 80.25]);
        expect(mapped.report.events.map((e) => e.tubeCurrentMa)).toEqual([null, null]);
      });
    }

    it("gives mAs from 'mA.s' too, and none from a unit it does not know", () => {
      const mas = (unit: string) => {
        const parsed = parseObject(microAsReport(2, 'UAS-1', unit));
        if (!parsed.ok) throw new Error(parsed.reason);
        const mapped = mapObject(parsed.header);
        return mapped.kind === 'doseReport' ? mapped.report.events[0]!.mas : undefined;
      };
      expect(mas('mA.s')).toBe(71300);
      expect(mas('kg')).toBeNull();
    });
  });

  describe('text in the Specific Character Set', () => {
    for (const c of CHARSET_CASES) {
      it(`reads Institution and Station Name in ${c.specificCharacterSet}`, () => {
        const parsed = parseObject(charsetImage(1, 'CS-1', c));
        if (!parsed.ok) throw new Error(parsed.reason);
        const mapped = mapObject(parsed.header);
        if (mapped.kind !== 'image') throw new Error(mapped.kind);
        expect(mapped.image.device.institution).toBe(c.institution);
        expect(mapped.image.device.stationName).toBe(c.station);
      });
    }

    it('decodes ISO 2022 person names with their component groups (PS3.5 H.3.1)', () => {
      const decode = textDecoderFor(['', 'ISO 2022 IR 87']);
      const name = Buffer.concat([
        Buffer.from('Yamada^Tarou='),
        iso2022Jp('山田^太郎'),
        Buffer.from('='),
        iso2022Jp('やまだ^たろう'),
      ]);
      expect(decode(name)).toBe('Yamada^Tarou=山田^太郎=やまだ^たろう');
    });

    it('switches single-byte sets by escape sequence, and goes back at a delimiter', () => {
      const decode = textDecoderFor(['ISO 2022 IR 100', 'ISO 2022 IR 126']);
      // "Müller" in Latin-1 (G1 by default), then ESC - F: Greek "Δ", then '\' resets to Latin-1.
      const bytes = Buffer.from([...Buffer.from('M\xfcller ', 'latin1'), 0x1b, 0x2d, 0x46, 0xc4, 0x5c, 0xe9]);
      expect(decode(bytes)).toBe('Müller Δ\\é');
    });

    it('reads Latin-1 when the set is missing or unknown, and never throws', () => {
      expect(textDecoderFor([])(Buffer.from('Z\xfcrich', 'latin1'))).toBe('Zürich');
      expect(textDecoderFor(['ISO_IR 999'])(Buffer.from('Z\xfcrich', 'latin1'))).toBe('Zürich');
      expect(() =>
        textDecoderFor(['', 'ISO 2022 IR 87'])(Buffer.from([0x1b, 0x24, 0x42, 0xff])),
      ).not.toThrow();
    });
  });
});
