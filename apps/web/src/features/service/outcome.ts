import type { IngestOutcomeName, UploadedFileResult } from '@kestrel/contract';
import type { Pill } from '../devices/status-colours';

/** What became of a received file, as a pill: stored green, duplicate yellow, failed red, unsupported grey. */
export function outcomePill(outcome: IngestOutcomeName): Pill {
  switch (outcome) {
    case 'stored':
      return { colour: 'green', label: 'stored' };
    case 'duplicate':
      return { colour: 'yellow', label: 'duplicate' };
    case 'failed':
      return { colour: 'red', label: 'failed' };
    case 'unsupported':
      return { colour: 'grey', label: 'unsupported' };
    default:
      return { colour: 'grey', label: outcome };
  }
}

/** '3 stored, 1 failed' in the order of the outcomes above. */
export function uploadSummary(files: readonly Pick<UploadedFileResult, 'outcome'>[]): string {
  const order = ['stored', 'duplicate', 'failed', 'unsupported'] as const;
  const counts = order
    .map((o) => [o, files.filter((f) => f.outcome === o).length] as const)
    .filter(([, n]) => n > 0);
  return counts.length ? counts.map(([o, n]) => `${n} ${o}`).join(', ') : 'No files';
}
