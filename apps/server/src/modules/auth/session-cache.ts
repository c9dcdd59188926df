import type { ServiceContext } from '../../core/context.ts';
import type { AuthContext } from '../../core/auth.ts';
import { authenticateToken } from './service.ts';

/** At most this many tokens are remembered; the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  auth: AuthContext;
  /** Epoch ms after which the entry is not used: the TTL, the token's and the session's expiry. */
  until: number;
}

/**
 * The answers of `authenticate` for a few seconds (ADR 0007): a list page then makes one round
 * trip to the database instead of two. A token is only ever answered from here after it was
 * verified and its session read; the entry dies with the TTL, with the token or the session,
 * and with any write request to this process (sign-out, password, roles, admins...), which
 * clears every entry once its transaction is committed, and tells the other processes of the
 * database to clear theirs (`invalidate`) before its answer leaves. While the process cannot hear
 * the others (`setLive(false)`: its listening connection dropped), it remembers nothing.
 */
export interface SessionCache {
  authenticate(ctx: ServiceContext, token: string | undefined): Promise<AuthContext>;
  /**
   * Forgets every entry of this process (another process's write request was heard) and tells
   * the subscribers, with the company whose admin wrote, when known.
   */
  clear(companyId?: number): void;
  /**
   * Forgets every entry here and in every other process: after each write request. Resolves once
   * every other process has heard it (broadcast), so the answer that follows cannot be overtaken
   * by a request to a process that still remembers.
   */
  invalidate(companyId?: number): Promise<void>;
  /**
   * Called whenever sessions may have changed (here or in another process), with the company
   * whose admin wrote when known: an open stream re-checks its session at once (chat).
   */
  subscribe(listener: (companyId: number | undefined) => void): () => void;
  /** Whether the other processes' invalidations are heard; entries are kept only while they are. */
  setLive(live: boolean): void;
  readonly size: number;
}

export interface SessionCacheOptions {
  /**
   * Tells the other processes to clear their caches (a notification) and resolves once they
   * have; none: one process.
   */
  broadcast?: (companyId: number | undefined) => Promise<void>;
}

export function createSessionCache(ttlSeconds: number, options: SessionCacheOptions = {}): SessionCache {
  const entries = new Map<string, Entry>();
  // A request that started reading before a clear must not store what it read.
  let generation = 0;
  let live = true;
  const subscribers = new Set<(companyId: number | undefined) => void>();
  const forget = () => {
    generation += 1;
    entries.clear();
  };
  const clear = (companyId?: number) => {
    forget();
    for (const s of subscribers) s(companyId);
  };
  return {
    async authenticate(ctx, token) {
      if (ttlSeconds <= 0 || !live || !token) return (await authenticateToken(ctx, token)).auth;
      const now = ctx.now().getTime();
      const hit = entries.get(token);
      if (hit && hit.until > now) return hit.auth;
      if (hit) entries.delete(token);
      const started = generation;
      const { auth, tokenExpiresAt } = await authenticateToken(ctx, token);
      if (started === generation && live) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(token, {
          auth,
          until: Math.min(now + ttlSeconds * 1000, tokenExpiresAt, auth.expiresAt.getTime()),
        });
      }
      return auth;
    },
    clear,
    async invalidate(companyId) {
      clear(companyId);
      // Sent even without a cache here: the other processes' streams must hear it.
      await options.broadcast?.(companyId);
    },
    subscribe(listener) {
      subscribers.add(listener);
      return () => subscribers.delete(listener);
    },
    setLive(next) {
      live = next;
      forget();
    },
    get size() {
      return entries.size;
    },
  };
}
