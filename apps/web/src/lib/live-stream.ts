import type { LiveStreamEventName, LiveStreamEvents } from '@inquire/shared';
import { API_BASE } from './http';

/**
 * The page's one live stream (`GET notification/stream`, server-sent events; issue 11 item 4).
 * Opened while a signed-in member's header shows the red dots, with the open question's id
 * while a question page asks for it. EventSource sends the page's session cookie and, when it
 * reconnects by itself, Last-Event-ID, so the server resumes without gaps or duplicates. While
 * the stream is not open (before it opens, between reconnects, refused), `isLiveUp()` is false
 * and the red dots fall back to polling.
 */
type Handler<K extends LiveStreamEventName> = (data: LiveStreamEvents[K]) => void;
type Handlers = { [K in LiveStreamEventName]: Set<Handler<K>> };

const handlers: Handlers = { status: new Set(), notification: new Set(), answer: new Set(), comment: new Set() };
const upListeners = new Set<(up: boolean) => void>();
let source: EventSource | null = null;
let up = false;
/** How many headers want the stream (0 or 1 in practice), and the question pages that are open. */
let wanted = 0;
const questions: string[] = [];

export function isLiveUp(): boolean {
  return up;
}

function setUp(next: boolean): void {
  if (up === next) return;
  up = next;
  for (const listener of upListeners) listener(next);
}

/** Opens (or reopens, when the question changed) the stream the page needs, or closes it. */
function sync(): void {
  if (typeof EventSource === 'undefined') return;
  const questionId = questions.at(-1) ?? '';
  const url = `${API_BASE}/notification/stream${questionId ? `?question_id=${questionId}` : ''}`;
  if (source && wanted > 0 && source.url.endsWith(url)) return;
  source?.close();
  source = null;
  setUp(false);
  if (wanted === 0) return;
  const opened = new EventSource(url);
  source = opened;
  opened.onopen = () => setUp(true);
  opened.onerror = () => {
    // CONNECTING: the browser retries by itself; CLOSED: refused (signed out, too many tabs).
    if (source === opened) setUp(false);
  };
  for (const name of Object.keys(handlers) as LiveStreamEventName[]) {
    opened.addEventListener(name, (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as never;
      for (const handler of handlers[name]) (handler as (d: never) => void)(data);
    });
  }
}

/** Keeps the stream open while it is wanted; returns how to let it go. */
export function wantLiveStream(): () => void {
  wanted += 1;
  sync();
  return () => {
    wanted -= 1;
    sync();
  };
}

/** Asks the stream for one question's new answers and comments (the question page, while open). */
export function watchQuestion(questionId: string): () => void {
  questions.push(questionId);
  sync();
  return () => {
    questions.splice(questions.lastIndexOf(questionId), 1);
    sync();
  };
}

export function onLive<K extends LiveStreamEventName>(name: K, handler: Handler<K>): () => void {
  (handlers[name] as Set<Handler<K>>).add(handler);
  return () => {
    (handlers[name] as Set<Handler<K>>).delete(handler);
  };
}

export function onLiveUp(listener: (up: boolean) => void): () => void {
  upListeners.add(listener);
  return () => {
    upListeners.delete(listener);
  };
}
