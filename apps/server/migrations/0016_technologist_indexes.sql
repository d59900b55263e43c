CREATE INDEX "rollup_reject_day_technologist_id_day_index" ON "rollup_reject_day" USING btree ("technologist_id","day");--> statement-breakpoint
CREATE INDEX "rollup_reject_month_technologist_id_month_index" ON "rollup_reject_month" USING btree ("technologist_id","month");--> statement-breakpoint
CREATE INDEX "rollup_reject_year_technologist_id_year_index" ON "rollup_reject_year" USING btree ("technologist_id","year");--> statement-breakpoint
CREATE INDEX "rollup_technologist_day_technologist_id_day_index" ON "rollup_technologist_day" USING btree ("technologist_id","day");--> statement-breakpoint
CREATE INDEX "rollup_technologist_month_technologist_id_month_index" ON "rollup_technologist_month" USING btree ("technologist_id","month");--> statement-breakpoint
CREATE INDEX "rollup_technologist_year_technologist_id_year_index" ON "rollup_technologist_year" USING btree ("technologist_id","year");