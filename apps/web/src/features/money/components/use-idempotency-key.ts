import { useCallback, useState } from 'react';

const newKey = () => `web-${crypto.randomUUID()}`;

/**
 * The Idempotency-Key of one user intent: made once when the form opens and sent with every
 * submission of it (a retry after a timeout, a second click), so the server registers it once.
 * `renew` starts a new intent (after the server said the key was used for other content).
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  return { key, renew };
}
