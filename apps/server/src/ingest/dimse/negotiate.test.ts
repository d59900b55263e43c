import { describe, expect, it } from 'vitest';
import { negotiateContexts, refusalOf } from './negotiate';
import { decodeAssociateRequest } from './pdu';
import { associateRq, CT_IMAGE, EXPLICIT_LE, IMPLICIT_LE, MG_PRESENTATION, VERIFICATION } from './raw-peer';

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

  it('refuses another protocol version, called AE title or a sender off the allow-list', async () => {
    const rq = (o: Parameters<typeof associateRq>[0]) => decodeAssociateRequest(associateRq(o).subarray(6));
    const yes = async () => true;
    const no = async () => false;
    expect(await refusalOf(rq({ contexts: [] }), 'KESTREL', '10.0.0.1', yes)).toBeUndefined();
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
    expect((await refusalOf(rq({ contexts: [] }), 'KESTREL', '10.0.0.1', no))?.why).toBe(
      "calling AE 'RAWPEER' from 10.0.0.1 is not on the allow-list",
    );
  });
});
