import { describe, expect, it } from 'vitest';
import {
  associateRq,
  CT_IMAGE,
  EXPLICIT_LE,
  IMPLICIT_LE,
  MG_PRESENTATION,
  VERIFICATION,
} from '../../test/dicom-raw-peer';
import { negotiateContexts, refusalOf } from './negotiate';
import { decodeAssociateRequest } from './pdu';

const JPEG_LOSSLESS = '1.2.840.10008.1.2.4.70';
const DEFLATED = '1.2.840.10008.1.2.1.99';

describe('presentation context negotiation', () => {
  it('accepts our classes in our preferred syntax, refuses other classes and syntaxes we cannot read', () => {
    const n = negotiateContexts([
      { id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [IMPLICIT_LE] },
      { id: 3, abstractSyntax: MG_PRESENTATION, transferSyntaxes: [JPEG_LOSSLESS, IMPLICIT_LE, EXPLICIT_LE] },
      { id: 5, abstractSyntax: MG_PRESENTATION, transferSyntaxes: [JPEG_LOSSLESS] },
      { id: 7, abstractSyntax: MG_PRESENTATION, transferSyntaxes: [DEFLATED] },
      { id: 9, abstractSyntax: CT_IMAGE, transferSyntaxes: [EXPLICIT_LE] },
    ]);
    expect(n.answers.map((a) => [a.id, a.result, a.transferSyntax])).toEqual([
      [1, 0, IMPLICIT_LE],
      [3, 0, EXPLICIT_LE],
      [5, 0, JPEG_LOSSLESS],
      [7, 4, DEFLATED],
      [9, 3, EXPLICIT_LE],
    ]);
    expect([...n.accepted.keys()]).toEqual([1, 3, 5]);
    expect(n.storage).toBe(2);
    expect(n.refused).toEqual([CT_IMAGE]);
  });

  const rq = (o: Parameters<typeof associateRq>[0]) => decodeAssociateRequest(associateRq(o).subarray(6));
  const yes = async () => ({ admitted: true, siteIds: null }) as const;
  const no = async () => ({ admitted: false }) as const;

  it('refuses another protocol version, called AE title or a sender off the allow-list', async () => {
    expect(await refusalOf(rq({ contexts: [] }), 'KESTREL', '10.0.0.1', yes)).toEqual({ siteIds: null });
    const listed = async () => ({ admitted: true, siteIds: [3, 7] }) as const;
    expect(await refusalOf(rq({ contexts: [] }), 'KESTREL', '10.0.0.1', listed)).toEqual({ siteIds: [3, 7] });
    expect(
      await refusalOf(rq({ contexts: [], protocolVersion: 2 }), 'KESTREL', '10.0.0.1', yes),
    ).toMatchObject({
      source: 2,
      reason: 2,
    });
    expect(await refusalOf(rq({ contexts: [], calledAe: 'OTHER' }), 'KESTREL', '10.0.0.1', yes)).toEqual({
      why: "called AE title 'OTHER' is not 'KESTREL'",
      result: 1,
      source: 1,
      reason: 7,
    });
    expect(await refusalOf(rq({ contexts: [] }), 'KESTREL', '10.0.0.1', no)).toMatchObject({
      why: "calling AE 'RAWPEER' from 10.0.0.1 is not on the allow-list",
    });
  });

  it('refuses AE titles with control characters or outside the default repertoire, escaped in the reason', async () => {
    let asked = 0;
    const admit = async () => {
      asked++;
      return { admitted: true, siteIds: null } as const;
    };
    expect(
      await refusalOf(rq({ contexts: [], callingAe: 'EVIL\nAE' }), 'KESTREL', '10.0.0.1', admit),
    ).toEqual({
      why: "calling AE title 'EVIL\\x0aAE' contains control characters",
      result: 1,
      source: 1,
      reason: 3,
    });
    expect(
      await refusalOf(rq({ contexts: [], callingAe: 'MAMMO\u00e9' }), 'KESTREL', '10.0.0.1', admit),
    ).toMatchObject({
      why: "calling AE title 'MAMMO\\xe9' has characters outside the DICOM default character repertoire",
    });
    expect(
      await refusalOf(rq({ contexts: [], callingAe: 'A\\B' }), 'KESTREL', '10.0.0.1', admit),
    ).toMatchObject({
      reason: 3,
    });
    expect(
      await refusalOf(rq({ contexts: [], calledAe: 'KEST\u001bREL' }), 'KESTREL', '10.0.0.1', admit),
    ).toEqual({
      why: "called AE title 'KEST\\x1bREL' contains control characters",
      result: 1,
      source: 1,
      reason: 7,
    });
    // Refused before the allow-list is read: such a title is never compared with an entry.
    expect(asked).toBe(0);
  });
});
