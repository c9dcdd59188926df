import { describe, expect, it } from 'vitest';
import { RecentRequests } from './recent-requests.ts';

describe('RecentRequests', () => {
  it('counts the last minute, its 5xx share and its 95th percentile within 10 %', () => {
    const recent = new RecentRequests();
    const t0 = 1_000_000_000_000;
    // 100 requests of 1..100 ms over 50 s, every tenth a 500.
    for (let i = 1; i <= 100; i++) recent.record(t0 + i * 500, i, i % 10 === 0 ? 500 : 200);
    const f = recent.figures(t0 + 50_000);
    expect(f.requests).toBe(100);
    expect(f.errorRate).toBeCloseTo(0.1);
    expect(f.p95Ms).toBeGreaterThanOrEqual(95);
    expect(f.p95Ms).toBeLessThanOrEqual(95 * 1.1);
  });

  it('forgets what is older than a minute', () => {
    const recent = new RecentRequests();
    const t0 = 1_000_000_000_000;
    recent.record(t0, 5, 500);
    recent.record(t0 + 65_000, 20, 200);
    const f = recent.figures(t0 + 75_000);
    expect(f.requests).toBe(1);
    expect(f.errorRate).toBe(0);
    expect(f.p95Ms).toBeGreaterThanOrEqual(20);
    expect(recent.figures(t0 + 200_000)).toEqual({ requests: 0, p95Ms: null, errorRate: null });
  });
});
