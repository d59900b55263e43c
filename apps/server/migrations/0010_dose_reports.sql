-- One row per dose report (RDSR) received: the accumulated AGD per breast that only the report
-- says (docs/dose-reports.md). No foreign keys, as for facts and the ingest log.
CREATE TABLE "dose_reports" (
	"sop_instance_uid" text PRIMARY KEY NOT NULL,
	"study_instance_uid" text NOT NULL,
	"device_id" integer NOT NULL,
	"site_id" integer,
	"customer_id" integer,
	"received_at" timestamp with time zone NOT NULL,
	"events" integer NOT NULL,
	"accumulated_agd_left_mgy" real,
	"accumulated_agd_right_mgy" real,
	"accumulated_agd_both_mgy" real
);
--> statement-breakpoint
CREATE INDEX "dose_reports_study_instance_uid_index" ON "dose_reports" USING btree ("study_instance_uid");--> statement-breakpoint
CREATE INDEX "dose_reports_device_id_site_id_index" ON "dose_reports" USING btree ("device_id","site_id");