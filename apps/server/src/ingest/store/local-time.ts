// Moved to domain/time: device assignment re-reads times in the site's zone as ingest does.
export { localToInstant } from '../../domain/time/local-time';
