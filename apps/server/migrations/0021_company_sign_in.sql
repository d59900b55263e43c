CREATE TABLE "identity_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"jit_mode" text DEFAULT 'off' NOT NULL,
	"jit_role" text,
	"jit_application_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"jit_site_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_issuer_client" UNIQUE("issuer","client_id"),
	CONSTRAINT "identity_providers_jit_mode" CHECK ("identity_providers"."jit_mode" in ('off', 'on'))
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" integer,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"handoff_id" text,
	"user_id" integer,
	"id_token" text,
	"sid" text,
	"handed_off_at" timestamp with time zone,
	CONSTRAINT "sso_logins_handoffId_unique" UNIQUE("handoff_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_sid" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_id_token" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_logout_key" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_providers_customer_id_index" ON "identity_providers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sso_logins_expires_at_index" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_sso_issuer_sso_sid_index" ON "sessions" USING btree ("sso_issuer","sso_sid");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_ssoLogoutKey_unique" UNIQUE("sso_logout_key");