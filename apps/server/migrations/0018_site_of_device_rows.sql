-- The site each heartbeat and status-history row was written at, so that a customer sees a
-- device's rows only for the time it was at their sites (docs/devices.md, "Who sees a device's
-- history"). From now on every row is written with the device's site at that moment.
--
-- Back-fill: existing rows get the device's current site where they belong to the device's
-- current customer. Earlier moves cannot be reconstructed — no table recorded when a device
-- changed site — so a row written at another site of the same customer is attributed to the
-- current site, and a row of another customer (written before the device was moved away from it)
-- is left without a site: only provider staff, who see the whole fleet, see it. Rows without a
-- customer (a pending device's) stay without a site until the device is assigned.
ALTER TABLE "device_heartbeats" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "device_status_history" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "device_heartbeats" ADD CONSTRAINT "device_heartbeats_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_status_history" ADD CONSTRAINT "device_status_history_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "device_heartbeats" AS h SET "site_id" = d."site_id"
FROM "devices" AS d
WHERE d."id" = h."device_id" AND h."customer_id" = d."customer_id" AND d."site_id" IS NOT NULL;--> statement-breakpoint
UPDATE "device_status_history" AS h SET "site_id" = d."site_id"
FROM "devices" AS d
WHERE d."id" = h."device_id" AND h."customer_id" = d."customer_id" AND d."site_id" IS NOT NULL;
