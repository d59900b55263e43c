import { THICKNESS_BANDS } from '@kestrel/contract';
import { distribution } from './shared';

export const thicknessDistribution = distribution(
  9061,
  THICKNESS_BANDS,
  'thickness_bands',
  'thickness_mm',
  'Images',
);
