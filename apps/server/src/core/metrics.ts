/**
 * Gauges the areas hand the metrics endpoint (plugins/metrics.ts): each is read when Prometheus
 * scrapes, in the platform's database scope, so it is never stale and costs nothing between
 * scrapes. An area registers its own (`app.ctx.registry.gauges.add(name, source)`), which is how
 * a new figure (such as the access log's rows waiting) joins /metrics without touching the plugin.
 */
export interface GaugeSample {
  labels?: Record<string, string>;
  value: number;
}

export interface GaugeSource {
  help: string;
  /** The labels the samples carry; none for a single value. */
  labelNames?: readonly string[];
  /** The value now, or one sample per label set. */
  read(): number | GaugeSample[] | Promise<number | GaugeSample[]>;
}
