import { ratio } from '../../context';
import { countOf } from '../../values';
import { simple } from './shared';

export const rejectRatePerTechnologist = simple(
  9052,
  'Reject rate',
  'sum(rejected)::float8 as r, sum(images)::float8 as n',
  'rejected, images',
  () => ['image_facts', 'count(*) filter (where rejected)::float8 as r, count(*)::float8 as n'],
  (r) => (ratio(countOf(r.r), countOf(r.n)) ?? 0) * 100,
  '%',
);
