import { TUBE_LIFE_DEFAULTS, type TubeThresholds } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';

const KEYS = ['tubeLifeYellow', 'tubeLifeRed'] as const;

const asDays = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};

/**
 * Tube life thresholds per customer: the customer's own setting, else the nearest ancestor's
 * (a health network's setting holds for its hospitals), else the product default (settings row
 * without customer), else 61 / 31. A pair whose red is not below its yellow is ignored.
 * The key `null` holds the product default (devices without customer).
 */
export async function tubeThresholdsFor(
  db: DbOrTx,
  customerIds: (number | null)[],
): Promise<Map<number | null, TubeThresholds>> {
  const ids = [...new Set(customerIds.filter((c): c is number => c !== null))];
  const rows = rowsOf<{ customer_id: number | null; key: string; value: unknown }>(
    await db.execute(sql`
      with recursive chain(customer_id, ancestor_id, depth) as (
        select id, id, 0 from customers where id = any(${`{${ids.join(',')}}`}::int[])
        union all
        select c.customer_id, p.parent_id, c.depth + 1
        from chain c join customers p on p.id = c.ancestor_id
        where p.parent_id is not null
      )
      (select distinct on (chain.customer_id, s.key) chain.customer_id, s.key, s.value
       from chain join settings s on s.customer_id = chain.ancestor_id and s.key in ('tubeLifeYellow', 'tubeLifeRed')
       order by chain.customer_id, s.key, chain.depth)
      union all
      (select null::int, key, value from settings where customer_id is null and key in ('tubeLifeYellow', 'tubeLifeRed'))`),
  );
  const product: TubeThresholds = { ...TUBE_LIFE_DEFAULTS };
  const own = new Map<number, Partial<TubeThresholds>>();
  for (const r of rows) {
    const v = asDays(r.value);
    if (v === null || !KEYS.includes(r.key as (typeof KEYS)[number])) continue;
    const key = r.key as keyof TubeThresholds;
    if (r.customer_id === null) product[key] = v;
    else {
      const o = own.get(Number(r.customer_id)) ?? {};
      o[key] = v;
      own.set(Number(r.customer_id), o);
    }
  }
  const sane = (t: TubeThresholds) => (t.tubeLifeRed < t.tubeLifeYellow ? t : null);
  const productSane = sane(product) ?? { ...TUBE_LIFE_DEFAULTS };
  const out = new Map<number | null, TubeThresholds>([[null, productSane]]);
  for (const id of ids) out.set(id, sane({ ...productSane, ...own.get(id) }) ?? productSane);
  return out;
}
