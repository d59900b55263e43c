import { byThickness } from './shared';

export const meanMasByThickness = byThickness(
  9124,
  'mas_thick_sum',
  'mas_thick_n',
  'mas',
  'Mean mAs',
  'mAs',
  1,
);
