/**
 * The last minute of a process's requests, for its heartbeat (系统监控): how many, the 95th
 * percentile of their duration, and the share answered 5xx. Kept as six 10-second slots, each a
 * count and a histogram on fixed, finely spaced bounds (every 10 % from 0.1 ms to about 2 min),
 * so memory does not grow with traffic and the percentile is within 10 % of the true one.
 */
const SLOT_MS = 10_000;
const SLOTS = 6;
const FIRST_BOUND_MS = 0.1;
const GROWTH = 1.1;
const BOUNDS: number[] = [];
for (let b = FIRST_BOUND_MS; b < 120_000; b *= GROWTH) BOUNDS.push(b);

interface Slot {
  start: number;
  count: number;
  errors: number;
  /** counts[i]: requests of at most BOUNDS[i] ms (above the previous bound); the last: longer. */
  counts: Uint32Array;
}

export interface RecentFigures {
  requests: number;
  /** ms; null without a request. */
  p95Ms: number | null;
  /** 0 to 1; null without a request. */
  errorRate: number | null;
}

function binOf(ms: number): number {
  if (ms <= FIRST_BOUND_MS) return 0;
  const i = Math.ceil(Math.log(ms / FIRST_BOUND_MS) / Math.log(GROWTH) - 1e-9);
  return Math.min(i, BOUNDS.length);
}

export class RecentRequests {
  readonly #slots: Slot[] = [];

  /** One answered request: when it ended, how long it took, its HTTP status. */
  record(now: number, durationMs: number, statusCode: number): void {
    const start = now - (now % SLOT_MS);
    let slot = this.#slots[this.#slots.length - 1];
    if (!slot || slot.start !== start) {
      slot = { start, count: 0, errors: 0, counts: new Uint32Array(BOUNDS.length + 1) };
      this.#slots.push(slot);
      while (this.#slots.length > SLOTS) this.#slots.shift();
    }
    slot.count++;
    if (statusCode >= 500) slot.errors++;
    const bin = binOf(durationMs);
    slot.counts[bin] = (slot.counts[bin] ?? 0) + 1;
  }

  /** The figures of the minute before `now`. */
  figures(now: number): RecentFigures {
    const since = now - SLOTS * SLOT_MS;
    const slots = this.#slots.filter((s) => s.start > since - SLOT_MS && s.start <= now);
    let requests = 0;
    let errors = 0;
    const counts = new Uint32Array(BOUNDS.length + 1);
    for (const s of slots) {
      requests += s.count;
      errors += s.errors;
      for (let i = 0; i < counts.length; i++) counts[i] = (counts[i] ?? 0) + (s.counts[i] ?? 0);
    }
    if (!requests) return { requests: 0, p95Ms: null, errorRate: null };
    const rank = Math.ceil(requests * 0.95);
    let seen = 0;
    let p95Ms = BOUNDS[BOUNDS.length - 1] ?? 0;
    for (let i = 0; i < counts.length; i++) {
      seen += counts[i] ?? 0;
      if (seen >= rank) {
        p95Ms = BOUNDS[Math.min(i, BOUNDS.length - 1)] ?? p95Ms;
        break;
      }
    }
    return { requests, p95Ms, errorRate: errors / requests };
  }
}
