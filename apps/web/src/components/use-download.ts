import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { DOWNLOAD_FAILED_MESSAGE } from '../lib/download-blob.ts';
import { isApiError } from '../lib/request.ts';

/**
 * Runs file downloads (e.g. `() => downloadBlob(url, name)`) by key, one at a time per key, and
 * tells which are under way for a button's loading state. A failure the request layer has not
 * already shown gets a toast.
 */
export function useDownload() {
  const { message } = App.useApp();
  const pendingRef = useRef(new Set<string>());
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const download = useCallback(
    async (key: string, run: () => Promise<void>) => {
      if (pendingRef.current.has(key)) return;
      pendingRef.current.add(key);
      setPending(new Set(pendingRef.current));
      try {
        await run();
      } catch (error) {
        if (!isApiError(error)) void message.error(DOWNLOAD_FAILED_MESSAGE);
      } finally {
        pendingRef.current.delete(key);
        setPending(new Set(pendingRef.current));
      }
    },
    [message],
  );

  const isDownloading = useCallback((key: string) => pending.has(key), [pending]);
  return { download, isDownloading };
}
