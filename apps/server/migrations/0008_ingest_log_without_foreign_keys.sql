ALTER TABLE "ingest_log" DROP CONSTRAINT "ingest_log_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "ingest_log" DROP CONSTRAINT "ingest_log_site_id_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "ingest_log" DROP CONSTRAINT "ingest_log_customer_id_customers_id_fk";
