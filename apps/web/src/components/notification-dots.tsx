import { MAIL_STATUS } from '@inquire/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Session } from '../app/session';
import { useNotificationStatus } from '../lib/notification-status';
import { useTranslation } from '../lib/translation';
import { BellIcon, ReviewIcon, TrophyIcon } from './icons';

/** A count on a red dot; past 99 it says 99+. */
function Dot({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="red-dot"
      className="absolute -top-1 -end-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:ring-gray-950"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function DotLink({
  to,
  label,
  count,
  icon,
  linkClass,
}: {
  to: string;
  label: string;
  count: number;
  icon: ReactNode;
  linkClass: string;
}) {
  return (
    <Link to={to} aria-label={label} title={label} className={`relative rounded-md p-1.5 ${linkClass}`}>
      {icon}
      <Dot count={count} />
    </Link>
  );
}

/**
 * The header's red dots (issue 11, item 2): unread inbox items and achievements, and for
 * reviewers the review to-do count. The page data brings them; the browser polls every 3 s.
 */
export function NotificationDots({ session, linkClass }: { session: Session; linkClass: string }) {
  const { t } = useTranslation();
  const enabled = session.user?.mail_status === MAIL_STATUS.activated;
  const status = useNotificationStatus(session.notifications, enabled);
  if (!enabled || !status) return null;
  const label = (key: string, count: number) => (count > 0 ? t(`${key}_unread`, { count }) : t(key));
  return (
    <>
      {/* Reviewers see the review queue's count only while something waits in it. */}
      {status.can_revision && status.revision > 0 ? (
        <DotLink
          to="/review"
          label={label('ui.notifications.review', status.revision)}
          count={status.revision}
          icon={<ReviewIcon />}
          linkClass={linkClass}
        />
      ) : null}
      <DotLink
        to="/users/notifications/inbox"
        label={label('ui.notifications.inbox', status.inbox)}
        count={status.inbox}
        icon={<BellIcon />}
        linkClass={linkClass}
      />
      <DotLink
        to="/users/notifications/achievement"
        label={label('ui.notifications.achievement', status.achievement)}
        count={status.achievement}
        icon={<TrophyIcon />}
        linkClass={linkClass}
      />
    </>
  );
}
