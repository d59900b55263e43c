-- The latest acquisition time of each device's dose-report events, kept by a trigger whatever
-- writes them: the ingest fast path looks for a stored event to merge an image into only when
-- one can be within seconds of it (most images arrive before their exam's report).
ALTER TABLE "devices" ADD COLUMN "dose_events_until" timestamp with time zone;
--> statement-breakpoint
UPDATE "devices" d SET "dose_events_until" =
  (SELECT max(f.acquired_at) FROM image_facts f WHERE f.device_id = d.id AND f.source = 'rdsr');
--> statement-breakpoint
CREATE FUNCTION kestrel_note_dose_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE devices SET dose_events_until = NEW.acquired_at
  WHERE id = NEW.device_id AND (dose_events_until IS NULL OR dose_events_until < NEW.acquired_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER image_facts_dose_events AFTER INSERT OR UPDATE OF acquired_at, source ON image_facts
  FOR EACH ROW WHEN (NEW.source = 'rdsr') EXECUTE FUNCTION kestrel_note_dose_event();
