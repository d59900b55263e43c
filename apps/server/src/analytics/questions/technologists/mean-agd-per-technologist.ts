import { ratio } from '../../context';
import { countOf } from '../../values';
import { simple } from './shared';

export const meanAgdPerTechnologist = simple(
  9142,
  'Mean AGD',
  'sum(agd_sum)::float8 as s, sum(agd_n)::float8 as n',
  'agd_sum, agd_n',
  () => ['image_facts', 'sum(agd_mgy::float8) as s, count(agd_mgy)::float8 as n'],
  (r) => ratio(countOf(r.s), countOf(r.n)),
  'mGy',
  3,
);
