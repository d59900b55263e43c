import type { Question } from './question';
import { allQuestions } from './questions';

/** Widget id → its analytics question (the catalogue lives in packages/contract). */
export const questions: ReadonlyMap<number, Question> = new Map(allQuestions.map((q) => [q.id, q]));
