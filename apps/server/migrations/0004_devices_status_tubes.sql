-- Devices, connection status and tube life: latest heartbeat values and the
-- connection status start on the device, device counters and the cached daily-use forecast on
-- tubes, rated life by model, the context kept for facts of devices not yet assigned to a site,
-- and one current tube per device.
CREATE TABLE "tube_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tube_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"rated_mas" double precision,
	"rated_exposures" bigint,
	CONSTRAINT "tube_ratings_model" UNIQUE("manufacturer","model")
);
--> statement-breakpoint
CREATE TABLE "unassigned_facts" (
	"sop_instance_uid" text PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"operator" text,
	"local_date_time" text NOT NULL,
	"utc_offset_minutes" integer
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "uptime_seconds" bigint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "free_disk_mb" double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "connection_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "counter_mas" double precision;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "counter_exposures" bigint;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "counter_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "daily_mas" double precision;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "daily_exposures" double precision;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "forecast_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "installed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "tubes" ADD COLUMN "replaced_by_user_id" integer;--> statement-breakpoint
CREATE INDEX "unassigned_facts_device_id_index" ON "unassigned_facts" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "tubes" ADD CONSTRAINT "tubes_installed_by_user_id_users_id_fk" FOREIGN KEY ("installed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tubes" ADD CONSTRAINT "tubes_replaced_by_user_id_users_id_fk" FOREIGN KEY ("replaced_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Before the one-current-tube rule: close any older current tube at the install of the next one.
UPDATE "tubes" t SET "replaced_at" = (
	SELECT min(n."installed_at") FROM "tubes" n
	WHERE n."device_id" = t."device_id" AND n."replaced_at" IS NULL
	  AND (n."installed_at", n."id") > (t."installed_at", t."id"))
WHERE t."replaced_at" IS NULL AND EXISTS (
	SELECT 1 FROM "tubes" n
	WHERE n."device_id" = t."device_id" AND n."replaced_at" IS NULL
	  AND (n."installed_at", n."id") > (t."installed_at", t."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "tubes_one_current" ON "tubes" USING btree ("device_id") WHERE "tubes"."replaced_at" is null;--> statement-breakpoint
UPDATE "devices" d SET "connection_since" = (
	SELECT max(h."since") FROM "device_status_history" h WHERE h."device_id" = d."id")
WHERE d."connection_status" IS NOT NULL;
