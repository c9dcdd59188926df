/** Load loops and statistics shared by the benchmarks. */

export interface LoadResult {
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p95: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? 0;
}

/**
 * Runs `task` from `concurrency` loops for `seconds` (after a short warm-up) and answers
 * throughput and latency percentiles in milliseconds. Bounded in time; stops by itself.
 */
export async function load(
  task: () => Promise<void>,
  concurrency: number,
  seconds: number,
  warmupSeconds = 1,
): Promise<LoadResult> {
  const warmEnd = Date.now() + warmupSeconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < warmEnd) await task();
    }),
  );
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await task();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: elapsed,
    throughput: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1] ?? 0,
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

/** Peak resident memory while `fn` runs, sampled every 50 ms, in MB. */
export async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ result: T; peakRssMb: number; seconds: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakRssMb: peak / 1024 / 1024, seconds: (performance.now() - t0) / 1000 };
  } finally {
    clearInterval(timer);
  }
}
