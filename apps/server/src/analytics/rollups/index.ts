export {
  AFTER_UPSERT,
  activeMonths,
  applyRollupDeltas,
  familyRows,
  RECOUNT_ACTIVE_DAYS,
  ROLLUP_FAMILIES,
  type RollupFamily,
} from './apply';
export { factSamplesOf, POSITIONING, type RollupExam, type RollupFact, rollupDeltas } from './deltas';
export {
  FOLD_BATCH,
  FOLD_LOCK,
  type FoldResult,
  foldAllIn,
  foldBatch,
  foldIn,
  foldPending,
  queueRollupInputs,
  type RollupInputs,
  unfoldedPayload,
} from './fold';
export { RollupFolder } from './folder';
export {
  ensureRollupsCurrent,
  ROLLUP_VERSION,
  rebuildAllRollups,
  rebuildDeviceRollups,
  toRollupFact,
} from './rebuild';
