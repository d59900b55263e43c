-- Administration (docs/administration.md): customers and sites gain active flags, addresses, a
-- default time zone, coordinates (checked ranges) and who added them; customer contacts; the audit
-- trail of every administrative change; single-use password links (only the sha256 of the token);
-- the outbox of every mail sent.
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_email" text,
	"customer_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'outbox' NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" in ('outbox', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "password_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_links_purpose" CHECK ("password_links"."purpose" in ('reset', 'invite'))
);
--> statement-breakpoint
CREATE TABLE "customer_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"email" text,
	"phone" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "cloned_from_site_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_links" ADD CONSTRAINT "password_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_links" ADD CONSTRAINT "password_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_index" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_customer_id_at_index" ON "audit_events" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_entity_id_index" ON "audit_events" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_index" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "password_links_user_id_index" ON "password_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customer_contacts_customer_id_index" ON "customer_contacts" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_not_own_parent" CHECK ("customers"."parent_id" <> "customers"."id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_latitude" CHECK ("sites"."latitude" between -90 and 90);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_longitude" CHECK ("sites"."longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_coordinates_pair" CHECK (("sites"."latitude" is null) = ("sites"."longitude" is null));