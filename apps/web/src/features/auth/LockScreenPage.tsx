import { InfoCard } from './InfoCard';

/** Shown to someone whose session was locked: the way back is to sign in again. */
export default function LockScreenPage() {
  return (
    <InfoCard title="Your session is locked">
      For your patients' and your organisation's safety, the portal locks after a period without activity.
      Sign in again to continue where you left off.
    </InfoCard>
  );
}
