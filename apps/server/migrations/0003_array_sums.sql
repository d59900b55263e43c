-- Element-wise sums of the rollups' array measures (bands, views, hours), used by their upserts
-- and by queries that add rows together. A NULL element or a shorter array counts as zeros.
CREATE FUNCTION kestrel_add_int(a integer[], b integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i), '{}')
  FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;
--> statement-breakpoint
CREATE FUNCTION kestrel_add_float(a double precision[], b double precision[]) RETURNS double precision[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i), '{}')
  FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;
