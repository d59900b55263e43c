ALTER TABLE "deployments" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "deployments" CASCADE;--> statement-breakpoint
ALTER TABLE "releases" ALTER COLUMN "released_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "state" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "min_from_version" text DEFAULT '0.0.0' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "notes_markdown" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "package_key" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "package_file_name" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "package_size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "package_sha256" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "package_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Releases that were public before states existed stay public.
UPDATE "releases" SET "state" = 'released' WHERE "released_at" IS NOT NULL;
