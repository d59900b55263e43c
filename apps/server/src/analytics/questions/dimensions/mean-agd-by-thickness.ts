import { byThickness } from './shared';

export const meanAgdByThickness = byThickness(
  9053,
  'agd_thick_sum',
  'agd_thick_n',
  'agd_mgy',
  'Mean AGD',
  'mGy',
  3,
);
