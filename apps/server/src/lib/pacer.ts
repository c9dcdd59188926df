/**
 * Requests paced under a provider's rate (issue 43): the items sent in any window of a second
 * (with a little room for the request's way there) never exceed `margin` of the rate, whatever the
 * caller's own pace; a caller that fell behind does not catch up in a burst the provider would
 * refuse. Used by the real-name verification job and the signing job.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** The pace is kept this much under the provider's rate. */
export const RATE_MARGIN = 0.98;
/** A second as the provider counts it, with room for the request's way there. */
export const WINDOW_MS = 1_020;

export interface Pacer {
  /** Items allowed in one window. */
  readonly budget: number;
  /**
   * Waits until `n` more items fit in the window, then counts them. Answers `sent`, to call once
   * the provider has answered them: their time becomes then, so a send the event loop held up
   * after its turn still counts from when it arrived (it would otherwise crowd the next window's).
   */
  waitForRoom(n: number): Promise<() => void>;
}

export function createPacer(
  ratePerSecond: number,
  options: { margin?: number; windowMs?: number; now?: () => number; wait?: (ms: number) => Promise<void> } = {},
): Pacer {
  const margin = options.margin ?? RATE_MARGIN;
  const windowMs = options.windowMs ?? WINDOW_MS;
  const now = options.now ?? Date.now;
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  const budget = Math.max(1, Math.floor(ratePerSecond * margin));
  const sent: { at: number; n: number }[] = [];
  return {
    budget,
    async waitForRoom(n: number): Promise<() => void> {
      for (;;) {
        const at = now();
        while (sent.length && at - (sent[0]?.at ?? at) >= windowMs) sent.shift();
        const used = sent.reduce((sum, s) => sum + s.n, 0);
        if (used + n <= budget || !sent.length) {
          const entry = { at, n };
          sent.push(entry);
          return () => {
            entry.at = Math.max(entry.at, now());
            // Kept in time order: the window drops from the front.
            sent.sort((a, b) => a.at - b.at);
          };
        }
        await wait(windowMs - (at - (sent[0]?.at ?? at)) + 1);
      }
    },
  };
}
