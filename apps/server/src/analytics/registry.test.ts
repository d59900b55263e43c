import { widgetCatalogue } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { allQuestions } from './questions';
import { questions } from './registry';

describe('question registry', () => {
  it('has exactly one question for every catalogue widget, and none for anything else', () => {
    const ids = allQuestions.map((q) => q.id).sort();
    expect(ids).toEqual([...new Set(ids)]);
    expect(ids).toEqual(widgetCatalogue.map((w) => w.id).sort());
  });

  it("gives each question its widget's options schema from the catalogue (defaults there, not here)", () => {
    for (const w of widgetCatalogue) expect(questions.get(w.id)!.options, String(w.id)).toBe(w.options);
  });

  it('marks the widgets that show the fleet now as live (their answers are cached by minute)', () => {
    expect(
      allQuestions
        .filter((q) => q.live)
        .map((q) => q.id)
        .sort(),
    ).toEqual([9104, 9109, 9201, 9202, 9203, 9204]);
  });
});
