/**
 * Server-sent events read with `fetch`, so that the session token goes in the Authorization
 * header (EventSource cannot set headers). Reconnects after a pause with `Last-Event-ID` = the
 * last id seen (or what `lastEventId()` answers), so the server replays what was missed; a 401
 * or 403 stops it (the session is over), as does `stop()`.
 */
export interface TStreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface TEventStreamOptions {
  url: string;
  token: () => string | null;
  /** The id to resume after, asked at each (re)connection. */
  lastEventId: () => number | undefined;
  onEvent: (event: TStreamEvent) => void;
  /** Called with true once connected, false when the connection is lost. */
  onConnected?: (connected: boolean) => void;
  /** The pause before reconnecting, in ms. */
  retryMs?: number;
}

/** Splits a text/event-stream into events; answers the unparsed rest. */
export function parseEventStream(buffer: string, emit: (event: TStreamEvent) => void): string {
  let rest = buffer.replace(/\r\n?/g, '\n');
  let cut: number;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const event: TStreamEvent = { id: undefined, event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) emit({ ...event, data: data.join('\n') });
  }
  return rest;
}

export function openEventStream(options: TEventStreamOptions): () => void {
  const retryMs = options.retryMs ?? 3000;
  let stopped = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSeen: number | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void connect(), retryMs);
  };

  async function connect() {
    const token = options.token();
    if (stopped || !token) return;
    controller = new AbortController();
    const resume = Math.max(lastSeen ?? 0, options.lastEventId() ?? 0) || undefined;
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
    if (resume !== undefined) headers['Last-Event-ID'] = String(resume);
    try {
      const res = await fetch(options.url, { headers, signal: controller.signal, cache: 'no-store' });
      if (res.status === 401 || res.status === 403) return;
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      options.onConnected?.(true);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = parseEventStream(buffer + value, (event) => {
          if (event.id && /^\d+$/.test(event.id)) lastSeen = Math.max(lastSeen ?? 0, Number(event.id));
          options.onEvent(event);
        });
      }
    } catch {
      // A dropped connection or an abort: reconnect unless stopped.
    }
    options.onConnected?.(false);
    schedule();
  }

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
