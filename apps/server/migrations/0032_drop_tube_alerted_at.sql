-- Tube alerts are alert episodes now (alert_episodes, docs/messages.md): the per-tube flag was never read.
ALTER TABLE "tubes" DROP COLUMN "alerted_at";