/** A test client of the chat's server-sent events: fetch + a small parser. */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseClient {
  events: SseEvent[];
  /** Waits until `pred` holds for the events received so far. */
  until(pred: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]>;
  messages(): { id: number; text: string; side: string }[];
  close(): void;
  /** Resolves when the server ends the stream. */
  ended(timeoutMs?: number): Promise<void>;
  status: number;
  headers: Headers;
}

export async function openStream(url: string, token: string, lastEventId?: number): Promise<SseClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: token, accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const res = await fetch(url, { headers, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  if (res.body && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const read = await reader.read();
          if (read.done) {
            done = true;
            for (const w of waiters) w();
            return;
          }
          const value = read.value;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const e: SseEvent = { id: undefined, event: 'message', data: '' };
            let any = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || !line) continue;
              const [field, ...rest] = line.split(':');
              const v = rest.join(':').replace(/^ /, '');
              if (field === 'id') e.id = v;
              else if (field === 'event') e.event = v;
              else if (field === 'data') {
                e.data += v;
                any = true;
              }
            }
            if (any) events.push(e);
            for (const w of waiters) w();
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    events,
    status: res.status,
    headers: res.headers,
    async until(pred, timeoutMs = 10_000) {
      if (pred(events)) return events;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; events: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const check = () => {
          if (!pred(events)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(events);
        };
        waiters.add(check);
      });
    },
    messages: () =>
      events
        .filter((e) => e.event === 'message')
        .map((e) => JSON.parse(e.data) as { id: number; text: string; side: string }),
    close: () => abort.abort(),
    async ended(timeoutMs = 10_000) {
      if (done) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the stream did not end')), timeoutMs);
        const check = () => {
          if (!done) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
  };
}
