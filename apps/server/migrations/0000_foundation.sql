CREATE TABLE "device_heartbeats" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_heartbeats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"customer_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"software_version" text,
	"uptime_seconds" bigint,
	"tube_exposures" bigint,
	"tube_mas" double precision,
	"free_disk_mb" double precision
);
--> statement-breakpoint
CREATE TABLE "device_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"customer_id" integer,
	"status" text NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer,
	"site_id" integer,
	"serial" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"device_type" text NOT NULL,
	"software_version" text,
	"station_name" text,
	"onboarding_state" text DEFAULT 'pending' NOT NULL,
	"key_hash" text,
	"key_created_at" timestamp with time zone,
	"installed_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone,
	"last_object_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"connection_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_identity" UNIQUE("manufacturer","serial")
);
--> statement-breakpoint
CREATE TABLE "site_dicom_senders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_dicom_senders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"ae_title" text,
	"cidr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tubes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tubes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"customer_id" integer,
	"serial" text,
	"installed_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"rated_mas" double precision,
	"rated_exposures" bigint,
	"used_mas" double precision DEFAULT 0 NOT NULL,
	"used_exposures" bigint DEFAULT 0 NOT NULL,
	"counter_baseline_mas" double precision,
	"counter_baseline_exposures" bigint,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "daily_exam_rollups" (
	"day" date NOT NULL,
	"customer_id" integer,
	"site_id" integer,
	"device_id" integer NOT NULL,
	"technologist_id" integer,
	"procedure" text NOT NULL,
	"exams" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_exam_rollups_key" UNIQUE NULLS NOT DISTINCT("day","device_id","technologist_id","procedure")
);
--> statement-breakpoint
CREATE TABLE "daily_image_rollups" (
	"day" date NOT NULL,
	"customer_id" integer,
	"site_id" integer,
	"device_id" integer NOT NULL,
	"technologist_id" integer,
	"view" text,
	"image_kind" text NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"kvp_sum" double precision DEFAULT 0 NOT NULL,
	"kvp_n" integer DEFAULT 0 NOT NULL,
	"mas_sum" double precision DEFAULT 0 NOT NULL,
	"mas_n" integer DEFAULT 0 NOT NULL,
	"agd_sum" double precision DEFAULT 0 NOT NULL,
	"agd_n" integer DEFAULT 0 NOT NULL,
	"agd_max" double precision,
	"force_sum" double precision DEFAULT 0 NOT NULL,
	"force_n" integer DEFAULT 0 NOT NULL,
	"thickness_sum" double precision DEFAULT 0 NOT NULL,
	"thickness_n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_image_rollups_key" UNIQUE NULLS NOT DISTINCT("day","device_id","technologist_id","view","image_kind")
);
--> statement-breakpoint
CREATE TABLE "daily_reject_rollups" (
	"day" date NOT NULL,
	"customer_id" integer,
	"site_id" integer,
	"device_id" integer NOT NULL,
	"technologist_id" integer,
	"view" text,
	"reason_code" text,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_reject_rollups_key" UNIQUE NULLS NOT DISTINCT("day","device_id","technologist_id","view","reason_code")
);
--> statement-breakpoint
CREATE TABLE "fact_aliases" (
	"sop_instance_uid" text PRIMARY KEY NOT NULL,
	"fact_id" bigint NOT NULL,
	"customer_id" integer
);
--> statement-breakpoint
CREATE TABLE "image_facts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_facts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	CONSTRAINT "image_facts_sopInstanceUid_unique" UNIQUE("sop_instance_uid"),
	CONSTRAINT "image_facts_exposureKey_unique" UNIQUE("exposure_key")
);
--> statement-breakpoint
CREATE TABLE "ingest_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ingest_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"door" text NOT NULL,
	"calling_ae" text,
	"remote_address" text,
	"file_name" text,
	"size_bytes" integer,
	"sop_class_uid" text,
	"sop_instance_uid" text,
	"object_kind" text,
	"outcome" text NOT NULL,
	"reason" text,
	"device_id" integer,
	"site_id" integer,
	"customer_id" integer
);
--> statement-breakpoint
CREATE TABLE "pending_rejections" (
	"sop_instance_uid" text PRIMARY KEY NOT NULL,
	"reason_code" text,
	"reason" text,
	"rejection_sop_instance_uid" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "studies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"study_instance_uid" text NOT NULL,
	"customer_id" integer,
	"site_id" integer,
	"device_id" integer NOT NULL,
	"technologist_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"procedure" text NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "studies_studyInstanceUid_unique" UNIQUE("study_instance_uid")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"address" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"home" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eula_acceptances" (
	"user_id" integer NOT NULL,
	"eula_version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	CONSTRAINT "eula_acceptances_user_id_eula_version_pk" PRIMARY KEY("user_id","eula_version")
);
--> statement-breakpoint
CREATE TABLE "login_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"customer_id" integer,
	"success" boolean NOT NULL,
	"reason" text,
	"ip" text,
	"user_agent" text,
	"method" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_assignments_key" UNIQUE NULLS NOT DISTINCT("user_id","kind","customer_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "technologists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "technologists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"alias" text,
	"status" text DEFAULT 'active' NOT NULL,
	"comments" text,
	"merged_into_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technologists_site_name" UNIQUE("site_id","name")
);
--> statement-breakpoint
CREATE TABLE "user_applications" (
	"user_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	CONSTRAINT "user_applications_user_id_application_id_pk" PRIMARY KEY("user_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "user_customer_access" (
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "user_customer_access_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "user_site_access" (
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "user_site_access_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text,
	"user_type" text DEFAULT 'local' NOT NULL,
	"sso_issuer" text,
	"sso_subject" text,
	"role" text NOT NULL,
	"customer_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"phone" text,
	"job_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_sso_identity" UNIQUE("sso_issuer","sso_subject")
);
--> statement-breakpoint
CREATE TABLE "dashboard_widgets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_widgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dashboard_id" integer NOT NULL,
	"widget_id" integer NOT NULL,
	"position" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"customer_id" integer,
	"name" text NOT NULL,
	"state" text DEFAULT 'dashboard/common' NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"can_edit" boolean DEFAULT true NOT NULL,
	"can_delete" boolean DEFAULT true NOT NULL,
	"schema_version" integer DEFAULT 1 NOT NULL,
	"layout" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deployments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"customer_id" integer,
	"status" text DEFAULT 'todo' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer,
	"recipient_user_id" integer,
	"sender_user_id" integer,
	"device_id" integer,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"release_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" text NOT NULL,
	"title" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"device_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "settings_key" UNIQUE NULLS NOT DISTINCT("customer_id","key")
);
--> statement-breakpoint
ALTER TABLE "device_heartbeats" ADD CONSTRAINT "device_heartbeats_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_heartbeats" ADD CONSTRAINT "device_heartbeats_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_status_history" ADD CONSTRAINT "device_status_history_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_status_history" ADD CONSTRAINT "device_status_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_dicom_senders" ADD CONSTRAINT "site_dicom_senders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_dicom_senders" ADD CONSTRAINT "site_dicom_senders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tubes" ADD CONSTRAINT "tubes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tubes" ADD CONSTRAINT "tubes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_aliases" ADD CONSTRAINT "fact_aliases_fact_id_image_facts_id_fk" FOREIGN KEY ("fact_id") REFERENCES "public"."image_facts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_aliases" ADD CONSTRAINT "fact_aliases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_log" ADD CONSTRAINT "ingest_log_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_log" ADD CONSTRAINT "ingest_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_log" ADD CONSTRAINT "ingest_log_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_technologist_id_technologists_id_fk" FOREIGN KEY ("technologist_id") REFERENCES "public"."technologists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_parent_id_customers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eula_acceptances" ADD CONSTRAINT "eula_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_audit" ADD CONSTRAINT "login_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_audit" ADD CONSTRAINT "login_audit_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignments" ADD CONSTRAINT "staff_assignments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technologists" ADD CONSTRAINT "technologists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technologists" ADD CONSTRAINT "technologists_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technologists" ADD CONSTRAINT "technologists_merged_into_id_technologists_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."technologists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_applications" ADD CONSTRAINT "user_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_applications" ADD CONSTRAINT "user_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customer_access" ADD CONSTRAINT "user_customer_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customer_access" ADD CONSTRAINT "user_customer_access_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_access" ADD CONSTRAINT "user_site_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_access" ADD CONSTRAINT "user_site_access_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_site_access" ADD CONSTRAINT "user_site_access_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_heartbeats_device_id_received_at_index" ON "device_heartbeats" USING btree ("device_id","received_at");--> statement-breakpoint
CREATE INDEX "device_status_history_device_id_since_index" ON "device_status_history" USING btree ("device_id","since");--> statement-breakpoint
CREATE INDEX "devices_customer_id_index" ON "devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "devices_site_id_index" ON "devices" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "site_dicom_senders_site_id_index" ON "site_dicom_senders" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "tubes_device_id_index" ON "tubes" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "daily_exam_rollups_site_id_day_index" ON "daily_exam_rollups" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "daily_image_rollups_site_id_day_index" ON "daily_image_rollups" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "daily_image_rollups_customer_id_day_index" ON "daily_image_rollups" USING btree ("customer_id","day");--> statement-breakpoint
CREATE INDEX "daily_reject_rollups_site_id_day_index" ON "daily_reject_rollups" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "image_facts_site_id_local_date_index" ON "image_facts" USING btree ("site_id","local_date");--> statement-breakpoint
CREATE INDEX "image_facts_device_id_acquired_at_index" ON "image_facts" USING btree ("device_id","acquired_at");--> statement-breakpoint
CREATE INDEX "image_facts_technologist_id_local_date_index" ON "image_facts" USING btree ("technologist_id","local_date");--> statement-breakpoint
CREATE INDEX "image_facts_study_id_index" ON "image_facts" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "ingest_log_received_at_index" ON "ingest_log" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "ingest_log_device_id_received_at_index" ON "ingest_log" USING btree ("device_id","received_at");--> statement-breakpoint
CREATE INDEX "ingest_log_outcome_received_at_index" ON "ingest_log" USING btree ("outcome","received_at");--> statement-breakpoint
CREATE INDEX "studies_site_id_local_date_index" ON "studies" USING btree ("site_id","local_date");--> statement-breakpoint
CREATE INDEX "studies_device_id_local_date_index" ON "studies" USING btree ("device_id","local_date");--> statement-breakpoint
CREATE INDEX "customers_parent_id_index" ON "customers" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sites_customer_id_index" ON "sites" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "login_audit_at_index" ON "login_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "login_audit_customer_id_at_index" ON "login_audit" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_assignments_customer_id_index" ON "staff_assignments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "technologists_customer_id_index" ON "technologists" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "users_customer_id_index" ON "users" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "dashboard_widgets_dashboard_id_index" ON "dashboard_widgets" USING btree ("dashboard_id");--> statement-breakpoint
CREATE INDEX "dashboards_user_id_index" ON "dashboards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deployments_device_id_index" ON "deployments" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "deployments_customer_id_index" ON "deployments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "messages_recipient_user_id_created_at_index" ON "messages" USING btree ("recipient_user_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_customer_id_index" ON "messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "release_notes_release_id_index" ON "release_notes" USING btree ("release_id");