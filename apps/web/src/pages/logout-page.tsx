import { useEffect } from 'react';
import { useTranslation } from '../lib/translation';
import { useNavigate } from 'react-router';
import { resetSession } from '../app/session';
import { Spinner } from '../components/ui/spinner';
import { clearLogin } from '../lib/auth-storage';
import { API_BASE, http } from '../lib/http';

/** Signs out (revoking the token on the server) and goes home. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void http
      .get(`${API_BASE}/user/logout`, { silent: true })
      .catch(() => undefined)
      .then(() => {
        clearLogin();
        resetSession();
        if (!cancelled) void navigate('/', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return (
    <div className="flex justify-center py-24">
      <Spinner size="lg" label={t('ui.logout.title')} />
    </div>
  );
}
