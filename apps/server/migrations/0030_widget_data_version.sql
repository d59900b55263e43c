CREATE TABLE "widget_data_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_data_version_one_row" CHECK ("widget_data_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "widget_data_version" DEFAULT VALUES;
