CREATE TABLE "rollup_fleet_day" (
	"day" date NOT NULL,
	"device_type" text NOT NULL,
	"exams" integer DEFAULT 0 NOT NULL,
	"exams_by_procedure" integer[] NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"images_by_kind" integer[] NOT NULL,
	"agd_sum" double precision DEFAULT 0 NOT NULL,
	"agd_n" integer DEFAULT 0 NOT NULL,
	"force_sum" double precision DEFAULT 0 NOT NULL,
	"force_n" integer DEFAULT 0 NOT NULL,
	"thickness_sum" double precision DEFAULT 0 NOT NULL,
	"thickness_n" integer DEFAULT 0 NOT NULL,
	"kvp_sum" double precision DEFAULT 0 NOT NULL,
	"kvp_n" integer DEFAULT 0 NOT NULL,
	"mas_sum" double precision DEFAULT 0 NOT NULL,
	"mas_n" integer DEFAULT 0 NOT NULL,
	"agd_view_sum" double precision[] NOT NULL,
	"agd_view_n" integer[] NOT NULL,
	"agd_thick_sum" double precision[] NOT NULL,
	"agd_thick_n" integer[] NOT NULL,
	"mas_thick_sum" double precision[] NOT NULL,
	"mas_thick_n" integer[] NOT NULL,
	"force_bands" integer[] NOT NULL,
	"thickness_bands" integer[] NOT NULL,
	"pressure_bands" integer[] NOT NULL,
	"kvp_bands" integer[] NOT NULL,
	"weekday_hour" integer[] NOT NULL,
	CONSTRAINT "rollup_fleet_day_day_device_type_pk" PRIMARY KEY("day","device_type")
);
--> statement-breakpoint
CREATE TABLE "rollup_fleet_month" (
	"month" date NOT NULL,
	"device_type" text NOT NULL,
	"exams" integer DEFAULT 0 NOT NULL,
	"exams_by_procedure" integer[] NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"images_by_kind" integer[] NOT NULL,
	"agd_sum" double precision DEFAULT 0 NOT NULL,
	"agd_n" integer DEFAULT 0 NOT NULL,
	"force_sum" double precision DEFAULT 0 NOT NULL,
	"force_n" integer DEFAULT 0 NOT NULL,
	"thickness_sum" double precision DEFAULT 0 NOT NULL,
	"thickness_n" integer DEFAULT 0 NOT NULL,
	"kvp_sum" double precision DEFAULT 0 NOT NULL,
	"kvp_n" integer DEFAULT 0 NOT NULL,
	"mas_sum" double precision DEFAULT 0 NOT NULL,
	"mas_n" integer DEFAULT 0 NOT NULL,
	"agd_view_sum" double precision[] NOT NULL,
	"agd_view_n" integer[] NOT NULL,
	"agd_thick_sum" double precision[] NOT NULL,
	"agd_thick_n" integer[] NOT NULL,
	"mas_thick_sum" double precision[] NOT NULL,
	"mas_thick_n" integer[] NOT NULL,
	"force_bands" integer[] NOT NULL,
	"thickness_bands" integer[] NOT NULL,
	"pressure_bands" integer[] NOT NULL,
	"kvp_bands" integer[] NOT NULL,
	"weekday_hour" integer[] NOT NULL,
	CONSTRAINT "rollup_fleet_month_month_device_type_pk" PRIMARY KEY("month","device_type")
);
--> statement-breakpoint
CREATE TABLE "rollup_fleet_year" (
	"year" date NOT NULL,
	"device_type" text NOT NULL,
	"exams" integer DEFAULT 0 NOT NULL,
	"exams_by_procedure" integer[] NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"images_by_kind" integer[] NOT NULL,
	"agd_sum" double precision DEFAULT 0 NOT NULL,
	"agd_n" integer DEFAULT 0 NOT NULL,
	"force_sum" double precision DEFAULT 0 NOT NULL,
	"force_n" integer DEFAULT 0 NOT NULL,
	"thickness_sum" double precision DEFAULT 0 NOT NULL,
	"thickness_n" integer DEFAULT 0 NOT NULL,
	"kvp_sum" double precision DEFAULT 0 NOT NULL,
	"kvp_n" integer DEFAULT 0 NOT NULL,
	"mas_sum" double precision DEFAULT 0 NOT NULL,
	"mas_n" integer DEFAULT 0 NOT NULL,
	"agd_view_sum" double precision[] NOT NULL,
	"agd_view_n" integer[] NOT NULL,
	"agd_thick_sum" double precision[] NOT NULL,
	"agd_thick_n" integer[] NOT NULL,
	"mas_thick_sum" double precision[] NOT NULL,
	"mas_thick_n" integer[] NOT NULL,
	"force_bands" integer[] NOT NULL,
	"thickness_bands" integer[] NOT NULL,
	"pressure_bands" integer[] NOT NULL,
	"kvp_bands" integer[] NOT NULL,
	"weekday_hour" integer[] NOT NULL,
	CONSTRAINT "rollup_fleet_year_year_device_type_pk" PRIMARY KEY("year","device_type")
);
--> statement-breakpoint
-- The fleet rows of the data already stored, from the device rows (analytics/rollups/apply.ts refreshFleetSql).
insert into rollup_fleet_day (day, device_type, exams, images, rejected, agd_sum, agd_n, force_sum, force_n, thickness_sum, thickness_n, kvp_sum, kvp_n, mas_sum, mas_n, exams_by_procedure, images_by_kind, agd_view_n, agd_thick_n, mas_thick_n, force_bands, thickness_bands, pressure_bands, kvp_bands, weekday_hour, agd_view_sum, agd_thick_sum, mas_thick_sum)
select day, device_type, sum(exams), sum(images), sum(rejected), sum(agd_sum), sum(agd_n), sum(force_sum), sum(force_n), sum(thickness_sum), sum(thickness_n), sum(kvp_sum), sum(kvp_n), sum(mas_sum), sum(mas_n), kestrel_sum_int(exams_by_procedure), kestrel_sum_int(images_by_kind), kestrel_sum_int(agd_view_n), kestrel_sum_int(agd_thick_n), kestrel_sum_int(mas_thick_n), kestrel_sum_int(force_bands), kestrel_sum_int(thickness_bands), kestrel_sum_int(pressure_bands), kestrel_sum_int(kvp_bands), kestrel_sum_int(weekday_hour), kestrel_sum_float(agd_view_sum), kestrel_sum_float(agd_thick_sum), kestrel_sum_float(mas_thick_sum)
from rollup_device_day where site_id is not null group by day, device_type;
--> statement-breakpoint
insert into rollup_fleet_month (month, device_type, exams, images, rejected, agd_sum, agd_n, force_sum, force_n, thickness_sum, thickness_n, kvp_sum, kvp_n, mas_sum, mas_n, exams_by_procedure, images_by_kind, agd_view_n, agd_thick_n, mas_thick_n, force_bands, thickness_bands, pressure_bands, kvp_bands, weekday_hour, agd_view_sum, agd_thick_sum, mas_thick_sum)
select month, device_type, sum(exams), sum(images), sum(rejected), sum(agd_sum), sum(agd_n), sum(force_sum), sum(force_n), sum(thickness_sum), sum(thickness_n), sum(kvp_sum), sum(kvp_n), sum(mas_sum), sum(mas_n), kestrel_sum_int(exams_by_procedure), kestrel_sum_int(images_by_kind), kestrel_sum_int(agd_view_n), kestrel_sum_int(agd_thick_n), kestrel_sum_int(mas_thick_n), kestrel_sum_int(force_bands), kestrel_sum_int(thickness_bands), kestrel_sum_int(pressure_bands), kestrel_sum_int(kvp_bands), kestrel_sum_int(weekday_hour), kestrel_sum_float(agd_view_sum), kestrel_sum_float(agd_thick_sum), kestrel_sum_float(mas_thick_sum)
from rollup_device_month where site_id is not null group by month, device_type;
--> statement-breakpoint
insert into rollup_fleet_year (year, device_type, exams, images, rejected, agd_sum, agd_n, force_sum, force_n, thickness_sum, thickness_n, kvp_sum, kvp_n, mas_sum, mas_n, exams_by_procedure, images_by_kind, agd_view_n, agd_thick_n, mas_thick_n, force_bands, thickness_bands, pressure_bands, kvp_bands, weekday_hour, agd_view_sum, agd_thick_sum, mas_thick_sum)
select year, device_type, sum(exams), sum(images), sum(rejected), sum(agd_sum), sum(agd_n), sum(force_sum), sum(force_n), sum(thickness_sum), sum(thickness_n), sum(kvp_sum), sum(kvp_n), sum(mas_sum), sum(mas_n), kestrel_sum_int(exams_by_procedure), kestrel_sum_int(images_by_kind), kestrel_sum_int(agd_view_n), kestrel_sum_int(agd_thick_n), kestrel_sum_int(mas_thick_n), kestrel_sum_int(force_bands), kestrel_sum_int(thickness_bands), kestrel_sum_int(pressure_bands), kestrel_sum_int(kvp_bands), kestrel_sum_int(weekday_hour), kestrel_sum_float(agd_view_sum), kestrel_sum_float(agd_thick_sum), kestrel_sum_float(mas_thick_sum)
from rollup_device_year where site_id is not null group by year, device_type;
