import { FailedFilesReport } from '../service/FailedFilesReport';

/** The failed-files report of the service dashboard, on its own page with its exports. */
export default function FailedFilesPage() {
  return <FailedFilesReport />;
}
