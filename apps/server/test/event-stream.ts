import { request as httpRequest, type IncomingMessage } from 'node:http';

/** One server-sent event as a browser's EventSource would see it. */
export interface StreamEvent {
  id: string;
  event: string;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  headers: IncomingMessage['headers'];
  /** Every event received so far, in order. */
  events: StreamEvent[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /**
   * Resolves with the first event (from the start of the stream) that matches; fails if the
   * stream ends or `withinMs` passes first. A bound, never a pause: it answers as soon as it can.
   */
  next(match: (event: StreamEvent) => boolean, withinMs?: number): Promise<StreamEvent>;
  close(): void;
}

/** Opens a text/event-stream with plain node:http and parses it as the EventSource spec does. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let ended = false;
      let buffer = '';
      let current = { id: '', event: 'message', data: [] as string[] };
      const dispatch = () => {
        if (current.data.length) {
          const text = current.data.join('\n');
          events.push({ id: current.id, event: current.event, data: JSON.parse(text) as unknown });
        }
        current = { id: '', event: 'message', data: [] };
        for (const wake of waiters) wake();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === '') dispatch();
          else if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') current.id = value;
            if (field === 'event') current.event = value;
            if (field === 'data') current.data.push(value);
          }
        }
      });
      const finish = () => {
        ended = true;
        for (const wake of waiters) wake();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      done({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        next(match, withinMs = 5000) {
          return new Promise((resolve, reject) => {
            const look = () => {
              const found = events.find(match);
              if (found) {
                cleanup();
                resolve(found);
              } else if (ended) {
                cleanup();
                reject(new Error(`the stream ended without the event; got ${JSON.stringify(events)}`));
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              reject(new Error(`no such event within ${withinMs} ms; got ${JSON.stringify(events)}`));
            }, withinMs);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(look);
            };
            waiters.add(look);
            look();
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', fail);
    req.end();
  });
}
