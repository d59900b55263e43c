import type { Question } from './context';
import { dimensionQuestions } from './questions/dimensions';
import { equipmentQuestions } from './questions/equipment';
import { reasonQuestions } from './questions/reasons';
import { siteQuestions } from './questions/sites';
import { technologistQuestions } from './questions/technologists';

/** Widget id → its analytics question (the catalogue lives in packages/contract). */
const all: Question[] = [
  ...siteQuestions,
  ...technologistQuestions,
  ...dimensionQuestions,
  ...reasonQuestions,
  ...equipmentQuestions,
];
export const questions = new Map(all.map((q) => [q.id, q]));
