import { describe, expect, it } from 'vitest';
import {
  dcmdumpValue,
  fixture,
  GE_PRESENTATION,
  GE_PROCESSING,
  HOLOGIC_RDSR,
  reencode,
  tempDir,
  withoutMetaHeader,
} from '../../test/dicom-files';
import { mapObject } from '../mapping';
import { parseObject, TRANSFER_SYNTAX } from '.';

const mapped = (bytes: Uint8Array, transferSyntaxUid?: string) => {
  const r = parseObject(bytes, { transferSyntaxUid });
  if (!r.ok) throw new Error(r.reason);
  return mapObject(r.header);
};

describe('parseObject on real vendor files', () => {
  it('reads the GE Senographe header exactly as dcmdump does', () => {
    const r = parseObject(fixture(GE_PRESENTATION));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.transferSyntaxUid).toBe(TRANSFER_SYNTAX.explicitLittleEndian);
    const tags: [string, string][] = [
      ['SOPClassUID', '0008,0016'],
      ['SOPInstanceUID', '0008,0018'],
      ['StudyInstanceUID', '0020,000d'],
      ['Manufacturer', '0008,0070'],
      ['ManufacturerModelName', '0008,1090'],
      ['DeviceSerialNumber', '0018,1000'],
      ['AcquisitionDate', '0008,0022'],
      ['AcquisitionTime', '0008,0032'],
      ['ViewPosition', '0018,5101'],
      ['ImageLaterality', '0020,0062'],
      ['KVP', '0018,0060'],
      ['ExposureInuAs', '0018,1153'],
      ['ExposureTime', '0018,1150'],
      ['AnodeTargetMaterial', '0018,1191'],
      ['FilterMaterial', '0018,7050'],
      ['BodyPartThickness', '0018,11a0'],
      ['CompressionForce', '0018,11a2'],
      ['OrganDose', '0040,0316'],
      ['EntranceDoseInmGy', '0040,8302'],
      ['Rows', '0028,0010'],
    ];
    for (const [keyword, tag] of tags) {
      expect(r.header.text(keyword), keyword).toBe(dcmdumpValue(GE_PRESENTATION, tag));
    }
    expect(r.header.texts('ImageType')).toEqual(dcmdumpValue(GE_PRESENTATION, '0008,0008')!.split('\\'));
    // A binary US value comes back as a number too.
    expect(r.header.number('Rows')).toBe(Number(dcmdumpValue(GE_PRESENTATION, '0028,0010')));
  });

  it('maps the GE image to the values dcmdump shows, with units converted', () => {
    const m = mapped(fixture(GE_PRESENTATION));
    expect(m.kind).toBe('image');
    if (m.kind !== 'image') return;
    const dump = (tag: string) => Number(dcmdumpValue(GE_PRESENTATION, tag));
    expect(m.image.device.serial).toBe(dcmdumpValue(GE_PRESENTATION, '0018,1000'));
    expect(m.image.kvp).toBe(dump('0018,0060'));
    expect(m.image.mas).toBe(dump('0018,1153') / 1000);
    expect(m.image.agdMgy).toBeCloseTo(dump('0040,0316') * 100, 10);
    expect(m.image.thicknessMm).toBe(dump('0018,11a0'));
    expect(m.image.forceN).toBe(dump('0018,11a2'));
    expect(m.image.view).toBe('CC');
    expect(m.image.laterality).toBe('L');
  });

  it('gives the For Processing copy the same exposure as the For Presentation one', () => {
    const a = mapped(fixture(GE_PRESENTATION));
    const b = mapped(fixture(GE_PROCESSING));
    if (a.kind !== 'image' || b.kind !== 'image') throw new Error('not images');
    expect(b.image.sopInstanceUid).not.toBe(a.image.sopInstanceUid);
    expect(b.image.exposureKey).toBe(a.image.exposureKey);
  });

  it('reads the same header from Implicit VR, RLE-compressed and meta-less (DIMSE) encodings', () => {
    const dir = tempDir('parse');
    const original = mapped(fixture(GE_PRESENTATION));
    const implicit = reencode('dcmconv', ['+ti'], GE_PRESENTATION, dir, 'implicit.dcm');
    const rle = reencode('dcmcrle', [], GE_PRESENTATION, dir, 'rle.dcm');
    const implicitParsed = parseObject(implicit);
    expect(implicitParsed.ok && implicitParsed.transferSyntaxUid).toBe(TRANSFER_SYNTAX.implicitLittleEndian);
    expect(mapped(implicit)).toEqual(original);
    const rleParsed = parseObject(rle);
    expect(rleParsed.ok && rleParsed.transferSyntaxUid).toBe('1.2.840.10008.1.2.5');
    expect(mapped(rle)).toEqual(original);
    // DIMSE: no preamble, no meta header; the presentation context names the syntax.
    expect(mapped(withoutMetaHeader(implicit), TRANSFER_SYNTAX.implicitLittleEndian)).toEqual(original);
    expect(mapped(withoutMetaHeader(fixture(GE_PRESENTATION)), TRANSFER_SYNTAX.explicitLittleEndian)).toEqual(
      original,
    );
    expect(mapped(withoutMetaHeader(rle), '1.2.840.10008.1.2.5')).toEqual(original);
  });

  it('reads sequences (the Hologic RDSR content tree)', () => {
    const r = parseObject(fixture(HOLOGIC_RDSR));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const title = r.header.items('ConceptNameCodeSequence')[0];
    expect(title?.text('CodeValue')).toBe('113701'); // X-Ray Radiation Dose Report (TID 10001)
    expect(r.header.items('ContentSequence').length).toBeGreaterThan(2);
  });
});
