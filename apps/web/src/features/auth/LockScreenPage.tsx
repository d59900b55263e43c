import { isSignedIn } from '../../app/session/storage';
import { UnlockForm } from '../accounts/UnlockForm';
import { InfoCard } from './InfoCard';

/** A locked session unlocks here; without a session, the way back is to sign in again. */
export default function LockScreenPage() {
  if (isSignedIn()) return <UnlockForm />;
  return (
    <InfoCard title="Your session is locked">
      For your patients' and your organisation's safety, the portal locks after a period without activity.
      Sign in again to continue where you left off.
    </InfoCard>
  );
}
