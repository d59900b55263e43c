CREATE TABLE "alert_episodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_episodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"customer_id" integer,
	"site_id" integer,
	"device_id" integer,
	"title" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscriptions_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "reject_rate_target" double precision;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "episode_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_episodes" ADD CONSTRAINT "alert_episodes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_episodes" ADD CONSTRAINT "alert_episodes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_episodes" ADD CONSTRAINT "alert_episodes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_episodes_open_subject" ON "alert_episodes" USING btree ("kind","subject") WHERE "alert_episodes"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alert_episodes_device_id_index" ON "alert_episodes" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_episode_id_alert_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."alert_episodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_pending_digest" ON "messages" USING btree ("recipient_user_id") WHERE "messages"."delivery" = 'digest' and "messages"."digested_at" is null;--> statement-breakpoint
-- Messages are per recipient now (docs/messages.md): a notice written for nobody in particular
-- goes to every active user; tube alerts written without a recipient are dropped, since the alert
-- evaluator raises them again as episodes on its first run.
INSERT INTO "messages" ("recipient_user_id", "customer_id", "sender_user_id", "device_id", "kind", "subject", "body", "created_at", "read_at")
SELECT u."id", m."customer_id", m."sender_user_id", m."device_id", m."kind", m."subject", m."body", m."created_at", NULL
FROM "messages" m CROSS JOIN "users" u
WHERE m."recipient_user_id" IS NULL AND m."kind" <> 'tube_alert' AND u."active"
  AND (m."customer_id" IS NULL OR u."customer_id" IS NULL OR u."customer_id" = m."customer_id");--> statement-breakpoint
DELETE FROM "messages" WHERE "recipient_user_id" IS NULL;
