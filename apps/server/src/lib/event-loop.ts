import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

let histogram: IntervalHistogram | undefined;

/**
 * The event loop's delay since the last call (its 99th percentile, in ms): how long ready work
 * waited for the loop, the first sign of a process that computes too much between awaits. One
 * sampler for the process (the loop is the process's), started on first use.
 */
export function takeEventLoopDelayMs(): number {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    return 0;
  }
  const p99 = histogram.count ? histogram.percentile(99) / 1e6 : 0;
  histogram.reset();
  return Math.round(p99 * 100) / 100;
}
