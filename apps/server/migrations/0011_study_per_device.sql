-- A study is its UID on one device: an object of another device that reuses a Study Instance UID
-- opens its own exam instead of joining (and showing in) someone else's.
ALTER TABLE "studies" DROP CONSTRAINT "studies_studyInstanceUid_unique";--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_studyInstanceUid_deviceId_unique" UNIQUE("study_instance_uid","device_id");