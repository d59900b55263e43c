/**
 * Numbers from query rows. Drivers give numeric columns as numbers or strings and aggregates
 * over no rows as null; the two helpers say what null means.
 */

/** A count or sum: null (nothing counted) is 0. */
export const countOf = (v: unknown): number => Number(v ?? 0);

/** A measured or configured value: null stays null (unknown is not 0). */
export const valueOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
