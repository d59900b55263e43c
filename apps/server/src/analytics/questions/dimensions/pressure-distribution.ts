import { PRESSURE_BANDS } from '@kestrel/contract';
import { distribution } from './shared';

export const pressureDistribution = distribution(
  9115,
  PRESSURE_BANDS,
  'pressure_bands',
  'pressure_kpa',
  'Images',
);
