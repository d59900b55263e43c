// Moved to domain/technologists: device assignment resolves technologists as ingest does.
export {
  type OperatorAtSite,
  resolveTechnologists,
  technologistKey,
} from '../../domain/technologists/resolve';
