const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A file size in 1024-based units with at most one decimal: 512 -> '512 B', 1536 -> '1.5 KB',
 * 1048576 -> '1 MB'. '-' for a negative or non-finite number.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let index = 0;
  while (value >= 1024 && index < UNITS.length - 1) {
    value /= 1024;
    index++;
  }
  // 1023.96 KB rounds to 1024.0: show the next unit instead.
  if (Number(value.toFixed(1)) >= 1024 && index < UNITS.length - 1) {
    value /= 1024;
    index++;
  }
  return `${value.toFixed(1).replace(/\.0$/, '')} ${UNITS[index]}`;
}
