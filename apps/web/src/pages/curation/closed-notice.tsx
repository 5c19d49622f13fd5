import { useTranslation } from '../../lib/translation';

/** What readers see about why a question was closed: the reason, its description, the message. */
export function ClosedNotice({ operation }: { operation: { type: string; msg: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!operation) return null;
  const isLink = /^https?:\/\//.test(operation.msg);
  return (
    <span className="mt-1 block text-sm">
      <span className="font-medium">{t(`${operation.type}.name`)}</span>: {t(`${operation.type}.desc`)}
      {operation.msg ? (
        <span className="block">
          {isLink ? (
            <a href={operation.msg} className="text-primary-text underline">
              {operation.msg}
            </a>
          ) : (
            operation.msg
          )}
        </span>
      ) : null}
    </span>
  );
}
