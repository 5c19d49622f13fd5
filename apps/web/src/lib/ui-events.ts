/**
 * A small event bus between code outside React (the HTTP client) and the app shell, which
 * shows toasts and dialogs, navigates, and switches to an error page.
 */
export type ToastKind = 'success' | 'danger' | 'info' | 'warning';
export type ErrorState = '403' | '404' | '50X';

export type UiEvent =
  | { type: 'toast'; message: string; kind: ToastKind }
  /** A toast of the client's own words (no server message came): a string key, translated when shown. */
  | { type: 'toast'; text: string; kind: ToastKind }
  | { type: 'alert'; message: string }
  | { type: 'confirm'; message: string }
  | { type: 'navigate'; to: string; replace?: boolean }
  | { type: 'error-state'; state: ErrorState }
  | { type: 'session-changed' };

type Listener = (event: UiEvent) => void;
const listeners = new Set<Listener>();

export const uiEvents = {
  emit(event: UiEvent): void {
    for (const listener of listeners) listener(event);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function toast(message: string, kind: ToastKind = 'success'): void {
  uiEvents.emit({ type: 'toast', message, kind });
}
