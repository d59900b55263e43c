ALTER TABLE "report_schedules" ADD COLUMN "dashboard_id" integer;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "built_in_dashboard" text;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;