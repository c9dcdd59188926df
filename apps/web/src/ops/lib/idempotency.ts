import { useState } from 'react';

/** A fresh key for one user intent (IDEMPOTENCY_KEY_PATTERN: 8 to 100 of [A-Za-z0-9_:.-]). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return `ops-${crypto.randomUUID()}`;
  const random = Array.from({ length: 4 }, () => Math.floor(Math.random() * 0x100000000).toString(16)).join('');
  return `ops-${Date.now().toString(36)}-${random}`;
}

/**
 * The idempotency key of one intent: made once when the dialog (or drawer) mounts and kept for
 * every submit of it, so a double click or a retry after a lost answer sends the same key and
 * the server applies the action once. Mount the dialog afresh (`destroyOnHidden`, or a `key`)
 * for the next intent.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(newIdempotencyKey);
  return key;
}
