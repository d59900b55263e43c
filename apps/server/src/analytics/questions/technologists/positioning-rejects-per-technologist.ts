import { POSITIONING } from '../../rollups';
import { countOf } from '../../values';
import { simple } from './shared';

export const positioningRejectsPerTechnologist = simple(
  9146,
  'Positioning rejects',
  'sum(rejected_positioning)::float8 as v',
  'rejected_positioning',
  () => [
    'image_facts',
    `count(*) filter (where rejected and reject_reason_code = '${POSITIONING}')::float8 as v`,
  ],
  (r) => countOf(r.v),
  undefined,
  0,
);
