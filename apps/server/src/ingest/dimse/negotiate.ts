import { ACCEPTED_STORAGE_CLASSES, chooseSyntax, VERIFICATION } from './accepted';
import { aeTitleProblem, printable } from './ae-title';
import type { Admission } from './allow-list';
import {
  APPLICATION_CONTEXT,
  type AssociateRequest,
  CONTEXT_RESULT,
  type ContextAnswer,
  type ProposedContext,
  REJECT,
} from './pdu';

/** An accepted presentation context: what its data sets are and how they are encoded. */
export interface AcceptedContext {
  abstractSyntax: string;
  transferSyntax: string;
}

export interface Negotiated {
  answers: ContextAnswer[];
  accepted: Map<number, AcceptedContext>;
  /** Storage classes accepted (Verification aside): none means the sender can send us nothing. */
  storage: number;
  /** SOP classes refused, in the order proposed (duplicates kept; the caller dedupes). */
  refused: string[];
}

/** Our answer to each proposed presentation context (accepted.ts says what we take). */
export function negotiateContexts(proposed: readonly ProposedContext[]): Negotiated {
  const answers: ContextAnswer[] = [];
  const accepted = new Map<number, AcceptedContext>();
  const refused: string[] = [];
  let storage = 0;
  for (const pc of proposed) {
    // Not significant when refused, but the item must be there: echo the first proposed.
    const fallback = pc.transferSyntaxes[0] ?? '1.2.840.10008.1.2';
    const sopClass = pc.abstractSyntax;
    if (sopClass !== VERIFICATION && !ACCEPTED_STORAGE_CLASSES.has(sopClass)) {
      refused.push(sopClass);
      answers.push({
        id: pc.id,
        result: CONTEXT_RESULT.abstractSyntaxNotSupported,
        transferSyntax: fallback,
      });
      continue;
    }
    const syntax = chooseSyntax(pc.transferSyntaxes);
    if (!syntax) {
      answers.push({
        id: pc.id,
        result: CONTEXT_RESULT.transferSyntaxesNotSupported,
        transferSyntax: fallback,
      });
      continue;
    }
    answers.push({ id: pc.id, result: CONTEXT_RESULT.accept, transferSyntax: syntax });
    accepted.set(pc.id, { abstractSyntax: sopClass, transferSyntax: syntax });
    if (sopClass !== VERIFICATION) storage++;
  }
  return { answers, accepted, storage, refused };
}

export interface Refusal {
  why: string;
  result: number;
  source: number;
  reason: number;
}

/** Admitted: by the allow-list entries of these sites, or (null) by having no allow-list. */
export interface Admitted {
  siteIds: readonly number[] | null;
}

/**
 * Why an association is refused (A-ASSOCIATE-RJ fields and the log's reason), or for whom it
 * is admitted: an unsupported protocol version or application context, an AE title that is not
 * one (ae-title.ts), another called AE title, or a sender that is not on the allow-list (read
 * per association). Titles in reasons are escaped: they come from the sender.
 */
export async function refusalOf(
  rq: AssociateRequest,
  aeTitle: string,
  address: string,
  admit: (callingAe: string, address: string) => Promise<Admission>,
): Promise<Refusal | Admitted> {
  const permanent = (why: string, source: number, reason: number) => ({
    why,
    result: REJECT.permanent,
    source,
    reason,
  });
  if (!(rq.protocolVersion & 1)) {
    const why = `protocol version ${rq.protocolVersion} is not supported`;
    return permanent(why, REJECT.byAcse, REJECT.protocolVersionNotSupported);
  }
  if (rq.applicationContext !== APPLICATION_CONTEXT) {
    const why = `application context '${printable(rq.applicationContext)}' is not DICOM's`;
    return permanent(why, REJECT.byUser, REJECT.applicationContextNotSupported);
  }
  const calling = aeTitleProblem(rq.callingAe);
  if (calling) {
    const why = `calling AE title '${printable(rq.callingAe)}' ${calling}`;
    return permanent(why, REJECT.byUser, REJECT.callingAeNotRecognised);
  }
  const called = aeTitleProblem(rq.calledAe);
  if (called || rq.calledAe !== aeTitle) {
    const why = `called AE title '${printable(rq.calledAe)}' ${called ?? `is not '${aeTitle}'`}`;
    return permanent(why, REJECT.byUser, REJECT.calledAeNotRecognised);
  }
  const admission = await admit(rq.callingAe, address);
  if (!admission.admitted) {
    const why = `calling AE '${rq.callingAe}' from ${address} is not on the allow-list`;
    return permanent(why, REJECT.byUser, REJECT.callingAeNotRecognised);
  }
  return { siteIds: admission.siteIds };
}
