import { useAppConfig } from '../../app/config';
import { InfoCard } from './InfoCard';

/** Password resets are done by an administrator (ha/resetPassword); say whom to ask. */
export default function ForgotPage() {
  const config = useAppConfig();
  return (
    <InfoCard title="Forgot your password?">
      Your administrator can reset it: ask the portal administrator of your organisation, or write to{' '}
      <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>. If you sign in with your company
      account, use your company's password reset instead.
    </InfoCard>
  );
}
