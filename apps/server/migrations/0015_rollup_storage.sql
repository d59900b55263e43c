-- Rollup rows are counters: every ingest commit updates a few of them in place. Room left in
-- each page lets such an update stay on its page without new index entries (a HOT update), and
-- vacuuming after 1 % of a table has changed (not PostgreSQL's default 20 %) keeps the few hot
-- rows from leaving a trail of dead versions that every widget query would read through (a
-- device-month table of 24,000 rows was seen at 1.7 GB after a bulk load). The fill factor
-- applies to rows added from now on.
ALTER TABLE rollup_device_month SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_device_year SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_technologist_month SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_technologist_year SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_reject_month SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_reject_year SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_fleet_day SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_fleet_month SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_fleet_year SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_fleet_reject_day SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_fleet_reject_month SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_fleet_reject_year SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_device_day SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_technologist_day SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE rollup_reject_day SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
