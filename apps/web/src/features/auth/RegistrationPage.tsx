import { useAppConfig } from '../../app/config';
import SetPasswordPage, { linkToken } from '../accounts/SetPasswordPage';
import { InfoCard } from './InfoCard';

/**
 * Registration is by invitation only (who sees what is the administrators' to decide): with an
 * invitation link this page sets the password; without one it says whom to ask.
 */
export default function RegistrationPage() {
  const config = useAppConfig();
  if (linkToken()) return <SetPasswordPage />;
  return (
    <InfoCard title="Need an account?">
      Accounts are created by your organisation's portal administrator, who sends you an invitation by e-mail
      and decides which sites you see. If you do not know who that is, write to{' '}
      <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
    </InfoCard>
  );
}
