export {
  AFTER_UPSERT,
  activeMonths,
  applyRollupDeltas,
  familyRows,
  RECOUNT_ACTIVE_DAYS,
  ROLLUP_FAMILIES,
  type RollupFamily,
} from './apply';
export { POSITIONING, type RollupExam, type RollupFact, rollupDeltas } from './deltas';
export {
  ensureRollupsCurrent,
  ROLLUP_VERSION,
  rebuildAllRollups,
  rebuildDeviceRollups,
  toRollupFact,
} from './rebuild';
