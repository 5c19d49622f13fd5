import { useEffect } from 'react';
import { useTranslation } from './translation';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes (spec section 4): in-app navigation goes
 * through a confirm with the spec's text; closing or reloading the tab gets the browser's
 * own prompt.
 */
export function useLeavePrompt(dirty: boolean): void {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('ui.dialog.leave_page'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
