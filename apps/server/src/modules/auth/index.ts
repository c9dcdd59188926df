/** 登录与会话: sign-in, tokens, company switch, logout, and the check of every admin's token. */
import { randomUUID } from 'node:crypto';
import { defineArea } from '../../core/area.ts';
import { authRoutes } from './routes.ts';
import { createSessionCache } from './session-cache.ts';

/** Where a process tells the others to forget their remembered sessions (ADR 0007). */
const SESSIONS_CHANGED = 'fp_sessions_changed';
/** Where each process answers that it has forgotten them (the sender waits for every answer). */
const SESSIONS_FORGOTTEN = 'fp_sessions_forgotten';
/** How long a sender waits for the others' answers before it answers its own request anyway. */
const FORGOTTEN_TIMEOUT_MS = 3000;

interface SessionsChanged {
  from: string;
  nonce: string;
  companyId?: number;
}

export const authArea = defineArea('auth', async (app) => {
  const ttl = app.config.sessionCacheSeconds;
  // This process's name in its notifications: it has cleared its own cache already when it
  // sends one, and must not clear it again when its own arrives (after a later read stored).
  const self = randomUUID();
  /** The broadcasts this process waits on: nonce -> the processes that answered, and the wake-up. */
  const waiting = new Map<string, { heard: Set<string>; wake: () => void }>();

  /**
   * Tells every process, then waits until each one that listens has answered that it forgot
   * (an outside probe saw a disabled admin's token accepted once in six by the other process
   * right after the disable: the notification was still on its way). A process that cannot hear
   * keeps nothing (setLive), so only the listening ones are waited for.
   */
  const broadcast = async (companyId: number | undefined) => {
    const nonce = randomUUID();
    const peers = ttl > 0 ? await app.notifications.listeningPeers() : 0;
    const heard = new Set<string>();
    const done = new Promise<void>((resolve) => {
      waiting.set(nonce, { heard, wake: () => heard.size >= peers && resolve() });
      if (peers === 0) resolve();
    });
    try {
      await app.notifications.notify(SESSIONS_CHANGED, JSON.stringify({ from: self, nonce, companyId }));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), FORGOTTEN_TIMEOUT_MS)));
      const outcome = await Promise.race([done, late]);
      clearTimeout(timer);
      if (outcome === 'late')
        app.log.warn({ peers, heard: heard.size }, 'sessions change: not every process answered in time');
    } finally {
      waiting.delete(nonce);
    }
  };

  const cache = createSessionCache(ttl, { broadcast });
  app.ctx.registry.authenticators.session = cache;
  // Nothing is remembered until the other processes' changes are heard.
  if (ttl > 0) cache.setLive(false);
  const stopChanged = await app.notifications.listen(SESSIONS_CHANGED, {
    onMessage: (payload) => {
      const change = parseChange(payload);
      if (!change || change.from === self) return;
      cache.clear(change.companyId);
      void app.notifications.notify(SESSIONS_FORGOTTEN, `${change.nonce} ${self}`).catch((err: unknown) => {
        app.log.warn({ err }, 'sessions change: could not answer');
      });
    },
    onLive: (live) => {
      if (ttl > 0) cache.setLive(live);
    },
  });
  const stopForgotten = await app.notifications.listen(SESSIONS_FORGOTTEN, {
    onMessage: (payload) => {
      const [nonce = '', from = ''] = payload.split(' ');
      const wait = waiting.get(nonce);
      if (!wait || from === self) return;
      wait.heard.add(from);
      wait.wake();
    },
  });
  app.addHook('onClose', async () => {
    await stopChanged();
    await stopForgotten();
  });
  await app.register(authRoutes);
});

function parseChange(payload: string): SessionsChanged | undefined {
  try {
    const v = JSON.parse(payload) as Partial<SessionsChanged>;
    if (typeof v.from !== 'string' || typeof v.nonce !== 'string') return undefined;
    return { from: v.from, nonce: v.nonce, companyId: typeof v.companyId === 'number' ? v.companyId : undefined };
  } catch {
    return undefined;
  }
}
