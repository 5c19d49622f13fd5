import { TIMING, type NotificationStatus, type NotificationType } from '@inquire/shared';
import { useEffect, useRef, useState } from 'react';
import { API_BASE, http } from './http';
import { isLiveUp, onLive, onLiveUp, wantLiveStream } from './live-stream';

/**
 * The header's red dots in the browser: the page's data brings them on first load, then the
 * live stream (lib/live-stream.ts) moves them as events arrive. Only while the stream is down
 * does the page fall back to `GET notification/status` every 3 s (spec section 9), and only
 * while the tab is visible; a read comes at once when the tab shows again or the stream drops.
 * The notification pages ask for a read at once after marking items read
 * (`refreshNotificationStatus`), and clear the red dot of the type they open
 * (`clearNotificationDot`).
 */
type Listener = (status: NotificationStatus) => void;
const listeners = new Set<Listener>();
let pollNow: (() => void) | undefined;
/** The red dots as last read or pushed in this page (none before the first). */
let latest: NotificationStatus | null = null;

function publish(status: NotificationStatus): void {
  latest = status;
  for (const listener of listeners) listener(status);
}

/** Re-reads the red dots now (after marking items read), when a header is polling. */
export function refreshNotificationStatus(): void {
  pollNow?.();
}

/**
 * `PUT notification/status {type}` (spec section 7): the count on that type's red dot is cleared
 * (peer facts 4.3: the items stay unread), and the header shows the status the call answers at once.
 * Only while a dot shows (by the latest read in this page, else `rendered`, the page's session): like every write it
 * moves the content generation, which empties the page caches, and a visit with nothing to clear
 * must not.
 */
export async function clearNotificationDot(type: NotificationType, rendered: NotificationStatus | null): Promise<void> {
  const known = latest ?? rendered;
  if (known && known[type] === 0) return;
  const status = await http
    .put<NotificationStatus>(`${API_BASE}/notification/status`, { type }, { silent: true })
    .catch(() => null);
  if (status) publish(status);
}

async function readStatus(): Promise<void> {
  const status = await http
    .get<NotificationStatus>(`${API_BASE}/notification/status`, { silent: true })
    .catch(() => null);
  if (status) publish(status);
}

/** Starts the one poller of the page; returns how to stop it. */
function startPolling(): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const tell = publish;
  const stopStream = wantLiveStream();
  const offStatus = onLive('status', tell);
  const offNotification = onLive('notification', (data) => tell(data.status));
  // The stream dropped: what changed meanwhile is read at once, then polled until it is back.
  const offUp = onLiveUp((isUp) => {
    if (!isUp) void readStatus();
  });
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    if (document.visibilityState !== 'visible') return;
    timer = setInterval(() => {
      if (!isLiveUp()) void readStatus();
    }, TIMING.notificationPollMs);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void readStatus();
    start();
  };
  pollNow = () => void readStatus();
  document.addEventListener('visibilitychange', onVisibility);
  start();
  return () => {
    stop();
    offStatus();
    offNotification();
    offUp();
    stopStream();
    pollNow = undefined;
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * The red dots to show: the latest poll's, else the page data's. `enabled` is false for guests
 * and inactive accounts (spec: they are not polled).
 */
export function useNotificationStatus(initial: NotificationStatus | null, enabled: boolean): NotificationStatus | null {
  const [polled, setPolled] = useState<{ status: NotificationStatus; base: NotificationStatus | null } | null>(null);
  // The session a poll lands on; a new session object must not restart the timer.
  const initialRef = useRef(initial);
  useEffect(() => {
    initialRef.current = initial;
  }, [initial]);
  useEffect(() => {
    if (!enabled) return undefined;
    const listener: Listener = (status) => setPolled({ status, base: initialRef.current });
    listeners.add(listener);
    const stop = startPolling();
    return () => {
      listeners.delete(listener);
      stop();
    };
  }, [enabled]);
  // A session read after the last poll (a navigation that re-read it) is the fresher one.
  if (polled && polled.base === initial) return polled.status;
  return initial ?? polled?.status ?? null;
}
