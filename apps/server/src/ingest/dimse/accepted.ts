import { SOP_CLASS } from '../mapping/sop-classes';
import { ACCEPTED_SYNTAXES } from '../parse/transfer-syntaxes';

export const VERIFICATION = '1.2.840.10008.1.1';

/** Storage SOP classes the listener accepts (PS3.4 B.5); others are refused at association. */
export const ACCEPTED_STORAGE_CLASSES: ReadonlySet<string> = new Set([
  SOP_CLASS.mgForPresentation,
  SOP_CLASS.mgForProcessing,
  SOP_CLASS.breastTomosynthesis,
  SOP_CLASS.breastProjectionForPresentation,
  SOP_CLASS.breastProjectionForProcessing,
  SOP_CLASS.secondaryCapture,
  SOP_CLASS.xRayRadiationDoseSr,
  SOP_CLASS.keyObjectSelection,
]);

/** The transfer syntax to accept from those proposed: uncompressed first, then compressed. */
export function chooseSyntax(proposed: readonly string[]): string | undefined {
  return ACCEPTED_SYNTAXES.find((ts) => proposed.includes(ts));
}

/**
 * C-STORE response statuses (PS3.4 Table B.2-1 / GG.4-1, PS3.7 C.5):
 * - 0x0000 Success: committed, a duplicate of something committed, or read and logged as
 *   unsupported (resending would not change that, so the sender must not retry forever);
 * - 0xA700 Refused: Out of Resources: the database failed, nothing was kept; retry later;
 * - 0xC000 Error: Cannot Understand: the data set could not be read (logged with the reason);
 * - 0xB006 Warning: Elements Discarded: stored from what was read before a damaged private
 *   element (docs/ingest.md, "Damaged objects");
 * - 0x0124 Refused: Not Authorized: the object is from a device this sender's allow-list entries
 *   do not cover; resending cannot help, only the allow-list or the device's site can.
 */
export const STORE_STATUS = {
  success: 0x0000,
  outOfResources: 0xa700,
  cannotUnderstand: 0xc000,
  notAuthorised: 0x0124,
  elementsDiscarded: 0xb006,
} as const;
