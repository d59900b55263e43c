import { countOf } from '../../values';
import { simple } from './shared';

export const examsPerTechnologist = simple(
  9051,
  'Exams',
  'sum(exams)::float8 as v',
  'exams',
  () => ['studies', 'count(*)::float8 as v'],
  (r) => countOf(r.v),
  undefined,
  0,
);
