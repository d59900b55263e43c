import { useAppConfig } from '../../app/config';
import { InfoCard } from './InfoCard';

/** Accounts are created by administrators, never by self-registration (who sees what is theirs to decide). */
export default function RegistrationPage() {
  const config = useAppConfig();
  return (
    <InfoCard title="Need an account?">
      Accounts are created by your organisation's portal administrator, who also decides which sites you see.
      If you do not know who that is, write to{' '}
      <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
    </InfoCard>
  );
}
