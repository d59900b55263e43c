CREATE TABLE "fact_samples" (
	"fact_id" bigint PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"site_id" integer,
	"customer_id" integer,
	"thickness_mm" real NOT NULL,
	"agd_mgy" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_device_day" (
	"day" date NOT NULL,
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
	CONSTRAINT "rollup_device_day_day_device_id_pk" PRIMARY KEY("day","device_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_device_month" (
	"month" date NOT NULL,
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
	CONSTRAINT "rollup_device_month_month_device_id_pk" PRIMARY KEY("month","device_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_reject_day" (
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"technologist_id" integer,
	"site_id" integer,
	"customer_id" integer,
	"view" text,
	"reason_code" text,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_reject_day_key" UNIQUE NULLS NOT DISTINCT("day","device_id","technologist_id","view","reason_code")
);
--> statement-breakpoint
CREATE TABLE "rollup_reject_month" (
	"month" date NOT NULL,
	"device_id" integer NOT NULL,
	"technologist_id" integer,
	"site_id" integer,
	"customer_id" integer,
	"view" text,
	"reason_code" text,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_reject_month_key" UNIQUE NULLS NOT DISTINCT("month","device_id","technologist_id","view","reason_code")
);
--> statement-breakpoint
CREATE TABLE "rollup_technologist_day" (
	"day" date NOT NULL,
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
	CONSTRAINT "rollup_technologist_day_day_technologist_id_pk" PRIMARY KEY("day","technologist_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_technologist_month" (
	"month" date NOT NULL,
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
	CONSTRAINT "rollup_technologist_month_month_technologist_id_pk" PRIMARY KEY("month","technologist_id")
);
--> statement-breakpoint
DROP TABLE "daily_exam_rollups" CASCADE;--> statement-breakpoint
DROP TABLE "daily_image_rollups" CASCADE;--> statement-breakpoint
DROP TABLE "daily_reject_rollups" CASCADE;--> statement-breakpoint
-- Existing facts and studies get the hour of their instant in their site's zone (UTC without a site).
ALTER TABLE "image_facts" ADD COLUMN "local_hour" smallint;--> statement-breakpoint
UPDATE "image_facts" f SET "local_hour" = extract(hour from f.acquired_at at time zone coalesce((select s.time_zone from sites s where s.id = f.site_id), 'UTC'));--> statement-breakpoint
ALTER TABLE "image_facts" ALTER COLUMN "local_hour" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "local_hour" smallint;--> statement-breakpoint
UPDATE "studies" t SET "local_hour" = extract(hour from t.started_at at time zone coalesce((select s.time_zone from sites s where s.id = t.site_id), 'UTC'));--> statement-breakpoint
ALTER TABLE "studies" ALTER COLUMN "local_hour" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "fact_samples_site_id_day_index" ON "fact_samples" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "fact_samples_device_id_index" ON "fact_samples" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "rollup_device_day_site_id_day_index" ON "rollup_device_day" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "rollup_device_month_site_id_month_index" ON "rollup_device_month" USING btree ("site_id","month");--> statement-breakpoint
CREATE INDEX "rollup_reject_day_site_id_day_index" ON "rollup_reject_day" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "rollup_reject_month_site_id_month_index" ON "rollup_reject_month" USING btree ("site_id","month");--> statement-breakpoint
CREATE INDEX "rollup_technologist_day_site_id_day_index" ON "rollup_technologist_day" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "rollup_technologist_month_site_id_month_index" ON "rollup_technologist_month" USING btree ("site_id","month");