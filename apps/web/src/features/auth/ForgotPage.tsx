import { useAppConfig } from '../../app/config';
import { ForgotPasswordForm } from '../accounts/ForgotPasswordForm';

/** Forgotten password: a link by e-mail (docs/accounts.md "Forgotten password"). */
export default function ForgotPage() {
  const config = useAppConfig();
  return <ForgotPasswordForm supportEmail={config.supportEmail} />;
}
