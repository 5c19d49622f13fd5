import { timeGap } from '@inquire/shared';
import { useTranslation } from '../lib/translation';

/**
 * "3 hours ago" in the spec's three bands. `now` comes from the loader, so the server and
 * the hydrating browser print the same words. `itemProp` names the date for structured data (a
 * time element's value is its datetime, so the date is not written twice).
 */
export function RelativeTime({ at, now, itemProp }: { at: number; now: number; itemProp?: string }) {
  const { t } = useTranslation();
  const gap = timeGap(at, now);
  const text =
    gap.unit === 'less_than_hour' ? t('ui.time.less_than_hour') : t(`ui.time.${gap.unit}`, { count: gap.count });
  return (
    <time itemProp={itemProp} dateTime={new Date(at * 1000).toISOString()}>
      {text}
    </time>
  );
}
