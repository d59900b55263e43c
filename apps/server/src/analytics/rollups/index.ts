// What the rest of the server uses of the rollups; the folder's own parts import each other directly.
export { factSamplesOf, POSITIONING, type RollupExam, type RollupFact } from './deltas';
export { foldAllIn, foldBatch, foldPending, queueRollupInputs, unfoldedRows } from './fold';
export { RollupFolder } from './folder';
export { ensureRollupsCurrent, rebuildAllRollups, rebuildDeviceRollups, toRollupFact } from './rebuild';
