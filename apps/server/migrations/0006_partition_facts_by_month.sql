-- Facts partitioned by month of local_date: a query over a date range reads only its
-- months, old months can be archived or dropped whole, and each month's indexes stay small.
-- Keys on a partitioned table must include the partition key: the primary key becomes
-- (id, local_date), and the SOP Instance UID and exposure key are unique per local_date — a
-- re-sent object or the other copy of an exposure carries the same acquisition date, so
-- duplicates are still caught by the conflict (docs/ingest.md). fact_aliases loses its foreign
-- key (image_facts.id alone is no longer a key), like the facts' own references.
--
-- Months get their partition on demand (kestrel_fact_partitions, called by ingest before it
-- writes); dates outside 1990–2099 (a device clock gone wrong) go to image_facts_default.

ALTER TABLE "fact_aliases" DROP CONSTRAINT "fact_aliases_fact_id_image_facts_id_fk";
--> statement-breakpoint
ALTER TABLE "image_facts" RENAME TO "image_facts_unpartitioned";
--> statement-breakpoint
ALTER SEQUENCE "image_facts_id_seq" RENAME TO "image_facts_unpartitioned_id_seq";
--> statement-breakpoint
CREATE TABLE "image_facts" (
	"id" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "image_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sop_instance_uid" text NOT NULL,
	"exposure_key" text NOT NULL,
	"study_id" bigint,
	"source" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"device_id" integer NOT NULL,
	"site_id" integer,
	"customer_id" integer,
	"technologist_id" integer,
	"view" text,
	"laterality" text,
	"image_kind" text NOT NULL,
	"presentation_intent" text,
	"kvp" real,
	"mas" real,
	"exposure_ms" real,
	"tube_current_ma" real,
	"anode" text,
	"filter" text,
	"thickness_mm" real,
	"force_n" real,
	"pressure_kpa" real,
	"agd_mgy" real,
	"entrance_dose_mgy" real,
	"protocol" text,
	"procedure" text,
	"rejected" boolean DEFAULT false NOT NULL,
	"reject_reason_code" text,
	"reject_reason" text,
	"rejected_at" timestamp with time zone,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"local_hour" smallint NOT NULL
) PARTITION BY RANGE ("local_date");
--> statement-breakpoint
CREATE TABLE "image_facts_default" PARTITION OF "image_facts" DEFAULT;
--> statement-breakpoint
-- The partitions of the months of `days` (between 1990 and 2099), created when missing. Rows of
-- such a month that sit in the default partition (written before it existed) move into it.
CREATE FUNCTION kestrel_fact_partitions(days date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m date;
  next date;
  name text;
BEGIN
  FOR m IN SELECT DISTINCT date_trunc('month', d)::date FROM unnest(days) AS d WHERE d IS NOT NULL LOOP
    CONTINUE WHEN m < DATE '1990-01-01' OR m >= DATE '2100-01-01';
    name := format('image_facts_y%sm%s', to_char(m, 'YYYY'), to_char(m, 'MM'));
    CONTINUE WHEN to_regclass(name) IS NOT NULL;
    next := (m + interval '1 month')::date;
    BEGIN
      EXECUTE format('CREATE TABLE %I PARTITION OF image_facts FOR VALUES FROM (%L) TO (%L)', name, m, next);
    EXCEPTION
      WHEN duplicate_table OR unique_violation THEN
        NULL; -- another session created it meanwhile
      WHEN check_violation THEN
        EXECUTE format('CREATE TABLE %I (LIKE image_facts INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)', name);
        EXECUTE format('WITH moved AS (DELETE FROM image_facts_default WHERE local_date >= %L AND local_date < %L RETURNING *)
                        INSERT INTO %I SELECT * FROM moved', m, next, name);
        EXECUTE format('ALTER TABLE image_facts ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, m, next);
    END;
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT kestrel_fact_partitions(array(SELECT DISTINCT local_date FROM "image_facts_unpartitioned"));
--> statement-breakpoint
INSERT INTO "image_facts" OVERRIDING SYSTEM VALUE SELECT * FROM "image_facts_unpartitioned";
--> statement-breakpoint
SELECT setval('image_facts_id_seq', (SELECT coalesce(max(id), 0) + 1 FROM "image_facts"), false);
--> statement-breakpoint
DROP TABLE "image_facts_unpartitioned";
--> statement-breakpoint
ALTER TABLE "image_facts" ADD CONSTRAINT "image_facts_id_local_date_pk" PRIMARY KEY("id","local_date");
--> statement-breakpoint
ALTER TABLE "image_facts" ADD CONSTRAINT "image_facts_sopInstanceUid_localDate_unique" UNIQUE("sop_instance_uid","local_date");
--> statement-breakpoint
ALTER TABLE "image_facts" ADD CONSTRAINT "image_facts_exposureKey_localDate_unique" UNIQUE("exposure_key","local_date");
--> statement-breakpoint
CREATE INDEX "image_facts_site_id_local_date_index" ON "image_facts" USING btree ("site_id","local_date");
--> statement-breakpoint
CREATE INDEX "image_facts_device_id_acquired_at_index" ON "image_facts" USING btree ("device_id","acquired_at");
--> statement-breakpoint
CREATE INDEX "image_facts_technologist_id_local_date_index" ON "image_facts" USING btree ("technologist_id","local_date");
--> statement-breakpoint
CREATE INDEX "image_facts_study_id_index" ON "image_facts" USING btree ("study_id");
