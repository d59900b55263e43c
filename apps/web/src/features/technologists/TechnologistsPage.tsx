import { useSearchParams } from 'react-router';
import PerformanceView from './PerformanceView';
import TechnologistList from './TechnologistList';

/** hc-user: the technologists of a site, or one technologist's performance (`?tech=`). */
export default function TechnologistsPage() {
  const [params] = useSearchParams();
  const tech = Number(params.get('tech'));
  return Number.isInteger(tech) && tech > 0 ? <PerformanceView id={tech} /> : <TechnologistList />;
}
