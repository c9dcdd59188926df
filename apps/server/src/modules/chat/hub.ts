/**
 * The chat's live streams (server-sent events) and this process's one listener of `fp_chat`.
 *
 * A route that changed a conversation notifies `fp_chat` once its transaction committed; every
 * process hears it (db/notifications.ts). Each process then reads the new messages once, after
 * its own cursor (the last id it fanned out; ids become visible in increasing order), and the
 * changed conversation once, and hands each open stream concerned what it has not sent yet, in
 * the stream's own queue: a stream costs no query of its own while live, so the database work of
 * a message does not grow with the number of streams. Notifications carry no rows: when the
 * listening connection was down, the process reads from its cursor once heard again; a stream
 * opens by reading from the database itself, and a client that reconnects sends `Last-Event-ID`
 * to get what it missed, once.
 */
import { asPlatform, currentScope, inCompany, inScope, type DbScope } from '../../db/scope.ts';
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
  /** The database scope of the request that opened it: its company's, or the operators'. */
  scope: DbScope;
  res: ServerResponse;
  lastId: number;
  /** Work on this stream runs one at a time, so that nothing is sent twice or out of order. */
  chain: Promise<void>;
  closed: boolean;
  heartbeat: NodeJS.Timeout;
  /** A re-check of its session is queued: another request for one adds nothing. */
  rechecking: boolean;
}

export interface ChatHub {
  /** Tells every process (this one included) about a committed change. */
  publish(change: ChatChange): Promise<void>;
  /** Serves one stream on `res` until the client goes away. */
  open(owner: StreamOwner, res: ServerResponse, lastEventId: number | undefined): Promise<void>;
  /**
   * Re-checks at once the session of every company stream of `companyId` here (its sessions may
   * have changed: a sign-out, a disable, a password or role change), ending those it no longer opens.
   */
  recheck(companyId: number): void;
  /** How many streams this process holds (/metrics, tests). */
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
      .then(() => (s.closed ? undefined : inScope(s.scope, work)))
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

  /** The last message id this process read and handed to its streams. */
  // The shared read serves every company's streams: the platform's scope.
  let cursor = await asPlatform("chat: read every company's new messages", () => lastMessageId(ctx, undefined));
  /** The shared read in progress, and whether another was asked for meanwhile. */
  let reading: Promise<void> | undefined;
  let again = false;

  /** Reads what was sent after the cursor, once for every stream of this process. */
  async function fanOut() {
    for (;;) {
      const rows = await messagesAfter(ctx, cursor, undefined, BATCH);
      if (!rows.length) return;
      cursor = rows[rows.length - 1]?.id ?? cursor;
      const reached = new Map<string, { companyId: number; conversationId: number; realm: Side; list: typeof rows }>();
      for (const s of streams) {
        const mine = rows.filter((m) => concerns(s, m.companyId));
        if (!mine.length) continue;
        enqueue(s, async () => {
          for (const m of mine) {
            if (m.id <= s.lastId) continue;
            write(s, `id: ${m.id}\nevent: message\ndata: ${JSON.stringify(toMessage(m, s.realm))}\n\n`);
            s.lastId = m.id;
          }
        });
        for (const m of mine) {
          const key = `${m.companyId}:${m.conversationId}:${s.realm}`;
          const entry = reached.get(key) ?? {
            companyId: m.companyId,
            conversationId: m.conversationId,
            realm: s.realm,
            list: [],
          };
          if (!entry.list.includes(m)) entry.list.push(m);
          reached.set(key, entry);
        }
      }
      // Pushed to a stream of a side: delivered to that side, once per process and read.
      for (const r of reached.values()) {
        if (await markDelivered(ctx, r.companyId, r.conversationId, r.realm, r.list)) {
          await publish({ companyId: r.companyId, kind: 'conversation' });
        }
      }
      if (rows.length < BATCH) return;
    }
  }

  function readShared() {
    if (reading) {
      again = true;
      return;
    }
    reading = asPlatform("chat: read every company's new messages", fanOut)
      .catch((err: unknown) => ctx.log.warn({ err }, 'chat fan-out failed'))
      .finally(() => {
        reading = undefined;
        if (again) {
          again = false;
          readShared();
        }
      });
  }

  /** The company's conversation, read once and sent to every stream concerned. */
  async function conversationChanged(companyId: number) {
    const concerned = [...streams].filter((s) => concerns(s, companyId));
    if (!concerned.length) return;
    const c = await inCompany(companyId, () => conversationOfCompany(ctx, companyId));
    if (!c) return;
    for (const s of concerned) {
      enqueue(s, async () => write(s, `event: conversation\ndata: ${JSON.stringify(toConversation(c, s.realm))}\n\n`));
    }
  }

  const stop = await notifications.listen(CHAT_CHANNEL, {
    onMessage(payload) {
      let change: ChatChange;
      try {
        change = JSON.parse(payload) as ChatChange;
      } catch {
        return;
      }
      if (change.kind === 'message') readShared();
      void conversationChanged(change.companyId).catch((err: unknown) =>
        ctx.log.warn({ err }, 'chat conversation read failed'),
      );
    },
    onLive(live) {
      if (live && !wasLive) {
        // Whatever was sent while not listening: read from the cursor, and every stream hears
        // its conversation (operators: a resync, their list may have changed).
        readShared();
        for (const s of streams) {
          if (s.companyId !== undefined) {
            const companyId = s.companyId;
            enqueue(s, () => sendConversation(s, companyId));
          } else enqueue(s, async () => write(s, 'event: resync\ndata: {}\n\n'));
        }
      }
      wasLive = live;
    },
  });

  /** Whether the stream's session still opens it: a ping if so, the end if not. */
  const check = (s: Stream) =>
    enqueue(s, async () => {
      s.rechecking = false;
      if (await s.stillAllowed().catch(() => false)) write(s, ': ping\n\n');
      else end(s);
    });

  return {
    publish,
    recheck(companyId) {
      for (const s of streams) {
        if (s.companyId !== companyId || s.rechecking) continue;
        s.rechecking = true;
        check(s);
      }
    },
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
        scope: currentScope(),
        res,
        lastId: 0,
        chain: Promise.resolve(),
        closed: false,
        rechecking: false,
        // Each heartbeat re-checks the session too: the catch-all when a change was not heard.
        heartbeat: setInterval(() => check(s), heartbeatMs),
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
