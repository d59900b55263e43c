CREATE TABLE "rollup_fleet_reject_day" (
	"day" date NOT NULL,
	"view" text,
	"reason_code" text,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_fleet_reject_day_key" UNIQUE NULLS NOT DISTINCT("day","view","reason_code")
);
--> statement-breakpoint
CREATE TABLE "rollup_fleet_reject_month" (
	"month" date NOT NULL,
	"view" text,
	"reason_code" text,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_fleet_reject_month_key" UNIQUE NULLS NOT DISTINCT("month","view","reason_code")
);
--> statement-breakpoint
CREATE TABLE "rollup_fleet_reject_year" (
	"year" date NOT NULL,
	"view" text,
	"reason_code" text,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_fleet_reject_year_key" UNIQUE NULLS NOT DISTINCT("year","view","reason_code")
);
--> statement-breakpoint
-- The fleet's rejects of the data already stored, from the reject rows (analytics/rollups/apply.ts refreshFleetSql).
insert into rollup_fleet_reject_day (day, view, reason_code, rejected)
select day, view, reason_code, sum(rejected)
from rollup_reject_day where site_id is not null group by day, view, reason_code;
--> statement-breakpoint
insert into rollup_fleet_reject_month (month, view, reason_code, rejected)
select month, view, reason_code, sum(rejected)
from rollup_reject_month where site_id is not null group by month, view, reason_code;
--> statement-breakpoint
insert into rollup_fleet_reject_year (year, view, reason_code, rejected)
select year, view, reason_code, sum(rejected)
from rollup_reject_year where site_id is not null group by year, view, reason_code;
