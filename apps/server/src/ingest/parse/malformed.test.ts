import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixture, GE_PRESENTATION } from '../../test/dicom-files';
import { malformedCorpus } from '../../test/malformed-corpus';
import { mapObject } from '../mapping';
import { parseObject, TRANSFER_SYNTAX } from '.';

/** parse → map, as the pipeline does; never throws. */
const outcomeOf = (bytes: Uint8Array, transferSyntaxUid?: string) => {
  const parsed = parseObject(bytes, { transferSyntaxUid });
  if (!parsed.ok) return { kind: 'failed' as const, reason: parsed.reason };
  const mapped = mapObject(parsed.header);
  return mapped.kind === 'unsupported' ? { kind: 'unsupported' as const, reason: mapped.reason } : mapped;
};

describe('malformed objects', () => {
  const corpus = malformedCorpus();

  it('end as failed or unsupported, each with a readable reason, quickly', () => {
    expect(corpus.length).toBeGreaterThan(900);
    const slow: string[] = [];
    for (const c of corpus) {
      const started = performance.now();
      const o = outcomeOf(c.bytes);
      // A hang is what this guards against; the machine under test may be busy, so allow 1 s.
      if (performance.now() - started > 1000) slow.push(c.name);
      expect(o.kind === 'failed' || o.kind === 'unsupported', `${c.name}: ${o.kind}`).toBe(true);
      const reason = 'reason' in o ? o.reason : '';
      expect(reason.length, c.name).toBeGreaterThan(10);
      expect(reason, c.name).not.toMatch(/object Object|undefined/);
    }
    expect(slow).toEqual([]);
  });

  it('say what is wrong in words a service engineer can act on', () => {
    const reasonOf = (name: string) => {
      const c = corpus.find((x) => x.name.startsWith(name))!;
      const o = outcomeOf(c.bytes);
      return 'reason' in o ? o.reason : o.kind;
    };
    expect(reasonOf('data set without preamble and meta header')).toMatch(/not a DICOM file.*DICM/);
    expect(reasonOf('Pixel Data length 2147483647')).toMatch(
      /truncated: Pixel Data declares 2147483647 bytes/,
    );
    expect(reasonOf('CT Image Storage object')).toMatch(
      /not a mammography object.*1\.2\.840\.10008\.5\.1\.4\.1\.1\.2\b/,
    );
    expect(reasonOf('Secondary Capture with Modality CT')).toMatch(/modality CT/);
    expect(reasonOf('truncated at 4988 ')).toMatch(/truncated/);
  });

  it('the same corpus as raw DIMSE data sets (no meta header) never throws either', () => {
    for (const c of corpus) {
      for (const ts of [TRANSFER_SYNTAX.explicitLittleEndian, TRANSFER_SYNTAX.implicitLittleEndian]) {
        expect(() => outcomeOf(c.bytes.subarray(132), ts), c.name).not.toThrow();
      }
    }
  });

  it('property: any mutation of a real header parses and maps without throwing or hanging', () => {
    const ge = fixture(GE_PRESENTATION);
    const mutation = fc.array(
      fc.record({
        at: fc.integer({ min: 0, max: ge.length - 1 }),
        bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
      }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(mutation, fc.boolean(), (edits, raw) => {
        const bytes = Buffer.from(ge);
        for (const e of edits) bytes.set(e.bytes.subarray(0, bytes.length - e.at), e.at);
        const started = performance.now();
        const o = raw
          ? outcomeOf(bytes.subarray(132), TRANSFER_SYNTAX.explicitLittleEndian)
          : outcomeOf(bytes);
        expect(performance.now() - started).toBeLessThan(1000);
        if (o.kind === 'failed' || o.kind === 'unsupported') expect(o.reason.length).toBeGreaterThan(5);
        else expect(['image', 'iocmNote']).toContain(o.kind);
      }),
      { numRuns: 1500, seed: 20260415 },
    );
  });
});
