import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { OfflineScreen } from './OfflineScreen';

/** maintenance/offline-ui: retry goes back to where the user was once the server answers. */
export default function OfflinePage() {
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await api.get('appconfig', { silent: true });
      navigate(from, { replace: true });
    } catch {
      setRetrying(false);
    }
  };
  return <OfflineScreen onRetry={() => void retry()} retrying={retrying} />;
}
