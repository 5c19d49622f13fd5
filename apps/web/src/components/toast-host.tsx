import { TIMING } from '@inquire/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/translation';
import { uiEvents, type ToastKind } from '../lib/ui-events';

interface ToastItem {
  id: number;
  /** The server's message, or the key of the client's own words (translated as it draws). */
  message: string;
  translate: boolean;
  kind: ToastKind;
}

const KIND_CLASS: Record<ToastKind, string> = {
  success: 'bg-green-700 text-white',
  danger: 'bg-red-700 text-white',
  info: 'bg-gray-900 text-white dark:bg-gray-100 dark:text-gray-900',
  warning: 'bg-amber-500 text-gray-950',
};

let nextId = 1;

/** Toasts sit 90 px below the header and hide after 5000 ms (spec section 9). */
export function ToastHost() {
  const { t } = useTranslation();
  const [items, setItems] = useState<ToastItem[]>([]);

  useEffect(
    () =>
      uiEvents.subscribe((event) => {
        if (event.type !== 'toast') return;
        const own = 'text' in event;
        const item = { id: nextId++, message: own ? event.text : event.message, translate: own, kind: event.kind };
        setItems((list) => [...list, item]);
        setTimeout(() => setItems((list) => list.filter((i) => i.id !== item.id)), TIMING.toastMs);
      }),
    [],
  );

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 px-4"
      style={{ top: `calc(var(--header-height) + ${TIMING.toastOffsetPx}px)` }}
    >
      {items.map((item) => (
        <div
          key={item.id}
          role="status"
          data-toast={item.kind}
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-md px-4 py-3 text-sm shadow-lg ${KIND_CLASS[item.kind]}`}
        >
          <span className="flex-1">{item.translate ? t(item.message) : item.message}</span>
          <button
            type="button"
            className="opacity-80 hover:opacity-100"
            aria-label={t('ui.toast.close')}
            onClick={() => setItems((list) => list.filter((i) => i.id !== item.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
