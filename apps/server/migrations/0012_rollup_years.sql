CREATE TABLE "rollup_device_year" (
	"year" date NOT NULL,
	"device_id" integer NOT NULL,
	"site_id" integer,
	"customer_id" integer,
	"device_type" text NOT NULL,
	"active_days" integer DEFAULT 0 NOT NULL,
	"exams" integer DEFAULT 0 NOT NULL,
	"exams_by_procedure" integer[] NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"images_by_kind" integer[] NOT NULL,
	"agd_sum" double precision DEFAULT 0 NOT NULL,
	"agd_n" integer DEFAULT 0 NOT NULL,
	"force_sum" double precision DEFAULT 0 NOT NULL,
	"force_n" integer DEFAULT 0 NOT NULL,
	"thickness_sum" double precision DEFAULT 0 NOT NULL,
	"thickness_n" integer DEFAULT 0 NOT NULL,
	"kvp_sum" double precision DEFAULT 0 NOT NULL,
	"kvp_n" integer DEFAULT 0 NOT NULL,
	"mas_sum" double precision DEFAULT 0 NOT NULL,
	"mas_n" integer DEFAULT 0 NOT NULL,
	"agd_view_sum" double precision[] NOT NULL,
	"agd_view_n" integer[] NOT NULL,
	"agd_thick_sum" double precision[] NOT NULL,
	"agd_thick_n" integer[] NOT NULL,
	"mas_thick_sum" double precision[] NOT NULL,
	"mas_thick_n" integer[] NOT NULL,
	"force_bands" integer[] NOT NULL,
	"thickness_bands" integer[] NOT NULL,
	"pressure_bands" integer[] NOT NULL,
	"kvp_bands" integer[] NOT NULL,
	"weekday_hour" integer[] NOT NULL,
	CONSTRAINT "rollup_device_year_year_device_id_pk" PRIMARY KEY("year","device_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_reject_year" (
	"year" date NOT NULL,
	"device_id" integer NOT NULL,
	"technologist_id" integer,
	"site_id" integer,
	"customer_id" integer,
	"view" text,
	"reason_code" text,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_reject_year_key" UNIQUE NULLS NOT DISTINCT("year","device_id","technologist_id","view","reason_code")
);
--> statement-breakpoint
CREATE TABLE "rollup_technologist_year" (
	"year" date NOT NULL,
	"technologist_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"exams" integer DEFAULT 0 NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"rejected_positioning" integer DEFAULT 0 NOT NULL,
	"agd_sum" double precision DEFAULT 0 NOT NULL,
	"agd_n" integer DEFAULT 0 NOT NULL,
	"force_sum" double precision DEFAULT 0 NOT NULL,
	"force_n" integer DEFAULT 0 NOT NULL,
	"force_view_sum" double precision[] NOT NULL,
	"force_view_n" integer[] NOT NULL,
	"force_bands" integer[] NOT NULL,
	"exam_hours" integer[] NOT NULL,
	CONSTRAINT "rollup_technologist_year_year_technologist_id_pk" PRIMARY KEY("year","technologist_id")
);
--> statement-breakpoint
CREATE INDEX "rollup_device_year_site_id_year_index" ON "rollup_device_year" USING btree ("site_id","year");--> statement-breakpoint
CREATE INDEX "rollup_reject_year_site_id_year_index" ON "rollup_reject_year" USING btree ("site_id","year");--> statement-breakpoint
CREATE INDEX "rollup_technologist_year_site_id_year_index" ON "rollup_technologist_year" USING btree ("site_id","year");--> statement-breakpoint
-- Element-wise sums as aggregates (to fill the year tables from the months below) and the
-- negated arrays that a ladder's subtracted parts read (analytics/context.ts).
CREATE AGGREGATE kestrel_sum_int(integer[]) (SFUNC = kestrel_add_int, STYPE = integer[]);
--> statement-breakpoint
CREATE AGGREGATE kestrel_sum_float(double precision[]) (SFUNC = kestrel_add_float, STYPE = double precision[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kestrel_neg_int(a integer[]) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select array(select -x from unnest(a) with ordinality u(x, i) order by i) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kestrel_neg_float(a double precision[]) RETURNS double precision[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select array(select -x from unnest(a) with ordinality u(x, i) order by i) $$;
--> statement-breakpoint
-- The years of the data already stored, from its months (a month lies in one year).
INSERT INTO rollup_device_year (year, device_id, site_id, customer_id, device_type, active_days, exams, images, rejected, agd_sum, agd_n, force_sum, force_n, thickness_sum, thickness_n, kvp_sum, kvp_n, mas_sum, mas_n, exams_by_procedure, images_by_kind, agd_view_n, agd_thick_n, mas_thick_n, force_bands, thickness_bands, pressure_bands, kvp_bands, weekday_hour, agd_view_sum, agd_thick_sum, mas_thick_sum)
SELECT date_trunc('year', month)::date, device_id, (array_agg(site_id order by month desc))[1], (array_agg(customer_id order by month desc))[1], (array_agg(device_type order by month desc))[1],
  sum(active_days), sum(exams), sum(images), sum(rejected), sum(agd_sum), sum(agd_n), sum(force_sum), sum(force_n), sum(thickness_sum), sum(thickness_n), sum(kvp_sum), sum(kvp_n), sum(mas_sum), sum(mas_n), kestrel_sum_int(exams_by_procedure), kestrel_sum_int(images_by_kind), kestrel_sum_int(agd_view_n), kestrel_sum_int(agd_thick_n), kestrel_sum_int(mas_thick_n), kestrel_sum_int(force_bands), kestrel_sum_int(thickness_bands), kestrel_sum_int(pressure_bands), kestrel_sum_int(kvp_bands), kestrel_sum_int(weekday_hour), kestrel_sum_float(agd_view_sum), kestrel_sum_float(agd_thick_sum), kestrel_sum_float(mas_thick_sum)
FROM rollup_device_month GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO rollup_technologist_year (year, technologist_id, site_id, customer_id, exams, images, rejected, rejected_positioning, agd_sum, agd_n, force_sum, force_n, force_view_n, force_bands, exam_hours, force_view_sum)
SELECT date_trunc('year', month)::date, technologist_id, (array_agg(site_id order by month desc))[1], (array_agg(customer_id order by month desc))[1],
  sum(exams), sum(images), sum(rejected), sum(rejected_positioning), sum(agd_sum), sum(agd_n), sum(force_sum), sum(force_n), kestrel_sum_int(force_view_n), kestrel_sum_int(force_bands), kestrel_sum_int(exam_hours), kestrel_sum_float(force_view_sum)
FROM rollup_technologist_month GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO rollup_reject_year (year, device_id, technologist_id, site_id, customer_id, view, reason_code, rejected)
SELECT date_trunc('year', month)::date, device_id, technologist_id, (array_agg(site_id order by month desc))[1], (array_agg(customer_id order by month desc))[1], view, reason_code, sum(rejected)
FROM rollup_reject_month GROUP BY 1, device_id, technologist_id, view, reason_code;
