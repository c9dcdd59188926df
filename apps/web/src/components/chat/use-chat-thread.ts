import type { TChatMessage, TChatMessagePage } from '@flexpay/contract/web';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The messages of one conversation as the screen holds them: pages loaded backwards and
 * messages pushed by the stream, merged by id (nothing shown twice), oldest first.
 */
export function useChatThread(loadPage: (before: number | undefined) => Promise<TChatMessagePage>) {
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const lastId = useRef<number | undefined>(undefined);
  const loadRef = useRef(loadPage);
  useEffect(() => {
    loadRef.current = loadPage;
  }, [loadPage]);

  const add = useCallback((incoming: readonly TChatMessage[]) => {
    if (!incoming.length) return;
    for (const m of incoming) lastId.current = Math.max(lastId.current ?? 0, m.id);
    setMessages((current) => {
      const byId = new Map(current.map((m) => [m.id, m]));
      for (const m of incoming) byId.set(m.id, m);
      return [...byId.values()].sort((a, b) => a.id - b.id);
    });
  }, []);

  const load = useCallback(
    async (before: number | undefined) => {
      setLoading(true);
      try {
        const page = await loadRef.current(before);
        add(page.rows);
        setHasMore(page.hasMore);
        setLoaded(true);
      } finally {
        setLoading(false);
      }
    },
    [add],
  );

  const reset = useCallback(() => {
    setMessages([]);
    setHasMore(false);
    setLoaded(false);
    lastId.current = undefined;
  }, []);

  return {
    messages,
    hasMore,
    loading,
    loaded,
    add,
    reset,
    /** The newest page. */
    loadLatest: useCallback(() => load(undefined), [load]),
    /** The page before the oldest shown. */
    loadOlder: useCallback(() => load(messages[0]?.id), [load, messages]),
    /** The highest id held: where a stream resumes. */
    lastId,
  };
}
