import { describe, expect, it } from 'vitest';
import { legendOf, widgetById, widgetCatalogue } from './catalogue';

describe('widget catalogue', () => {
  it('has the legend type of every id exactly as product §9', () => {
    const spec: Record<string, number[]> = {
      Sites: [9049, 9050, 9092, 9093, 9094, 9099, 9104, 9109, 9069],
      Technologists: [9051, 9052, 9070, 9071, 9138, 9142, 9146, 9156, 9160, 9176, 9177, 9089],
      Dimensions: [9053, 9060, 9061, 9063, 9068, 9120, 9115, 9124, 9129, 9134],
      Reasons: [9057, 9059, 9035, 9036],
      Procedure: [9119],
    };
    for (const [legend, ids] of Object.entries(spec))
      for (const id of ids) expect(legendOf(id), String(id)).toBe(legend);
    const specIds = Object.values(spec).flat();
    expect(
      widgetCatalogue
        .filter((w) => w.legend !== 'Equipment')
        .map((w) => w.id)
        .sort(),
    ).toEqual(specIds.sort());
  });

  it('gives every widget options with defaults', () => {
    expect(widgetById(9049)!.options.parse({})).toEqual({ limit: 15 });
    expect(widgetById(9109)!.options.parse({})).toEqual({ limit: 15, tubeLifeYellow: 61, tubeLifeRed: 31 });
    expect(() => widgetById(9049)!.options.parse({ limit: 1 })).toThrow();
  });
});
