-- The element-wise sums of 0003, as loops instead of unnest … ORDER BY: every rollup upsert adds
-- some twenty arrays per row, and the sort made that the largest cost of an ingest commit
-- (measured: 40 → 16 µs for 168 elements, 6 → 2 µs for 8). Same results: a NULL element or a
-- shorter array counts as zeros; the result is as long as the longer array.
CREATE OR REPLACE FUNCTION kestrel_add_int(a integer[], b integer[]) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  r integer[] := coalesce(a, '{}');
  n integer := coalesce(greatest(cardinality(a), cardinality(b)), 0);
BEGIN
  FOR i IN 1..n LOOP
    r[i] := coalesce(a[i], 0) + coalesce(b[i], 0);
  END LOOP;
  RETURN r;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kestrel_add_float(a double precision[], b double precision[]) RETURNS double precision[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  r double precision[] := coalesce(a, '{}');
  n integer := coalesce(greatest(cardinality(a), cardinality(b)), 0);
BEGIN
  FOR i IN 1..n LOOP
    r[i] := coalesce(a[i], 0) + coalesce(b[i], 0);
  END LOOP;
  RETURN r;
END
$$;
