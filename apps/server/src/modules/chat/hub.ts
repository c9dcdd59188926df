/**
 * The chat's live streams (server-sent events) and this process's one listener of `fp_chat`.
 *
 * A route that changed a conversation notifies `fp_chat` once its transaction committed; every
 * process hears it (db/notifications.ts) and each of its open streams concerned re-reads the
 * database from the last message id it sent. Notifications carry no rows: a stream that missed
 * some (the listening connection dropped) catches up by re-reading when they are heard again,
 * and a client that reconnects sends `Last-Event-ID` to get what it missed, once.
 */
import type { ServerResponse } from 'node:http';
import type { ServiceContext } from '../../core/context.ts';
import type { Notifications } from '../../db/notifications.ts';
import {
  conversationOfCompany,
  lastMessageId,
  markDelivered,
  messagesAfter,
  toConversation,
  toMessage,
  type ChatChange,
  type Side,
} from './service.ts';

export const CHAT_CHANNEL = 'fp_chat';
/** A comment line every so often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
const BATCH = 200;

export interface StreamOwner {
  realm: Side;
  /** The company of a company's stream; undefined for an operator's (every company). */
  companyId: number | undefined;
  /** Whether the token that opened the stream still opens it (asked at each heartbeat). */
  stillAllowed: () => Promise<boolean>;
}

interface Stream extends StreamOwner {
  res: ServerResponse;
  lastId: number;
  /** Work on this stream runs one at a time, so that nothing is sent twice or out of order. */
  chain: Promise<void>;
  closed: boolean;
  heartbeat: NodeJS.Timeout;
}

export interface ChatHub {
  /** Tells every process (this one included) about a committed change. */
  publish(change: ChatChange): Promise<void>;
  /** Serves one stream on `res` until the client goes away. */
  open(owner: StreamOwner, res: ServerResponse, lastEventId: number | undefined): Promise<void>;
  /** How many streams this process holds (tests). */
  size(): number;
  close(): Promise<void>;
}

export async function createChatHub(
  ctx: ServiceContext,
  notifications: Notifications,
  heartbeatMs = HEARTBEAT_MS,
): Promise<ChatHub> {
  const streams = new Set<Stream>();
  let wasLive = true;

  const write = (s: Stream, chunk: string) => {
    if (!s.closed) s.res.write(chunk);
  };
  const enqueue = (s: Stream, work: () => Promise<void>) => {
    s.chain = s.chain
      .then(() => (s.closed ? undefined : work()))
      .catch((err: unknown) => {
        ctx.log.warn({ err }, 'chat stream failed');
        end(s);
      });
  };
  const end = (s: Stream) => {
    if (s.closed) return;
    s.closed = true;
    clearInterval(s.heartbeat);
    streams.delete(s);
    s.res.end();
  };

  /** Sends every message after the stream's last id, and marks the other side's delivered. */
  async function pull(s: Stream) {
    for (;;) {
      const rows = await messagesAfter(ctx, s.lastId, s.companyId, BATCH);
      if (!rows.length) return;
      for (const m of rows) {
        write(s, `id: ${m.id}\nevent: message\ndata: ${JSON.stringify(toMessage(m, s.realm))}\n\n`);
        s.lastId = m.id;
      }
      const byConversation = new Map<string, typeof rows>();
      for (const m of rows) {
        const key = `${m.companyId}:${m.conversationId}`;
        byConversation.set(key, [...(byConversation.get(key) ?? []), m]);
      }
      for (const list of byConversation.values()) {
        const first = list[0];
        if (!first) continue;
        if (await markDelivered(ctx, first.companyId, first.conversationId, s.realm, list)) {
          await publish({ companyId: first.companyId, kind: 'conversation' });
        }
      }
      if (rows.length < BATCH) return;
    }
  }

  async function sendConversation(s: Stream, companyId: number) {
    const c = await conversationOfCompany(ctx, companyId);
    if (c) write(s, `event: conversation\ndata: ${JSON.stringify(toConversation(c, s.realm))}\n\n`);
  }

  async function publish(change: ChatChange) {
    await notifications.notify(CHAT_CHANNEL, JSON.stringify(change));
  }

  const concerns = (s: Stream, companyId: number) => s.companyId === undefined || s.companyId === companyId;

  const stop = await notifications.listen(CHAT_CHANNEL, {
    onMessage(payload) {
      let change: ChatChange;
      try {
        change = JSON.parse(payload) as ChatChange;
      } catch {
        return;
      }
      for (const s of streams) {
        if (!concerns(s, change.companyId)) continue;
        if (change.kind === 'message') enqueue(s, () => pull(s));
        enqueue(s, () => sendConversation(s, change.companyId));
      }
    },
    onLive(live) {
      if (live && !wasLive) {
        // Whatever was sent while not listening: every stream re-reads from its last id.
        for (const s of streams) {
          enqueue(s, () => pull(s));
          if (s.companyId !== undefined) {
            const companyId = s.companyId;
            enqueue(s, () => sendConversation(s, companyId));
          } else enqueue(s, async () => write(s, 'event: resync\ndata: {}\n\n'));
        }
      }
      wasLive = live;
    },
  });

  return {
    publish,
    size: () => streams.size,
    async open(owner, res, lastEventId) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
        // A hijacked reply skips the app's onSend hook: the process names itself here too.
        ...(ctx.config.processName ? { 'x-served-by': ctx.config.processName } : {}),
      });
      res.flushHeaders();
      const s: Stream = {
        ...owner,
        res,
        lastId: 0,
        chain: Promise.resolve(),
        closed: false,
        // A signed-out session (or a withdrawn element) ends the stream at the next heartbeat.
        heartbeat: setInterval(
          () =>
            enqueue(s, async () => {
              if (await s.stillAllowed().catch(() => false)) write(s, ': ping\n\n');
              else end(s);
            }),
          heartbeatMs,
        ),
      };
      s.heartbeat.unref();
      res.on('close', () => end(s));
      // Registered before the first read, so that no change falls between the two.
      streams.add(s);
      write(s, 'retry: 3000\n: open\n\n');
      enqueue(s, async () => {
        s.lastId = lastEventId ?? (await lastMessageId(ctx, s.companyId));
        await pull(s);
        if (s.companyId !== undefined) await sendConversation(s, s.companyId);
      });
      await s.chain;
    },
    async close() {
      for (const s of [...streams]) end(s);
      await stop();
    },
  };
}
