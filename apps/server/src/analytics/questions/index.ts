import type { Question } from '../question';
import { dimensionQuestions } from './dimensions';
import { equipmentQuestions } from './equipment';
import { reasonQuestions } from './reasons';
import { siteQuestions } from './sites';
import { technologistQuestions } from './technologists';

/** Every widget's question; registry.test.ts holds them to the catalogue one to one. */
export const allQuestions: readonly Question[] = [
  ...siteQuestions,
  ...technologistQuestions,
  ...dimensionQuestions,
  ...reasonQuestions,
  ...equipmentQuestions,
] as Question[];
