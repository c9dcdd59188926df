import { useEffect, useState } from 'react';

/** An object URL of `blob` for as long as the component shows it (revoked when it goes). */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    // The URL is an external resource made and revoked with the blob it names, so it is state
    // set by this effect (StrictMode's second run makes a fresh one after revoking the first).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
