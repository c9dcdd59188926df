import { describe, expect, it } from 'vitest';
import { createPacer } from './pacer.ts';

/** A clock the pacer's waits move forward. */
function fakeClock() {
  let t = 0;
  return { now: () => t, wait: async (ms: number) => void (t += ms) };
}

describe('createPacer', () => {
  it('keeps the items of any window under the margin of the rate', async () => {
    const clock = fakeClock();
    const pacer = createPacer(100, { ...clock, windowMs: 1_000 });
    expect(pacer.budget).toBe(98);
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      await pacer.waitForRoom(1);
      times.push(clock.now());
    }
    for (let i = 0; i + 98 < times.length; i++) {
      expect((times[i + 98] ?? 0) - (times[i] ?? 0)).toBeGreaterThanOrEqual(1_000);
    }
    // Three hundred at 98 a second: a little over three seconds, not a burst.
    expect(clock.now()).toBeGreaterThanOrEqual(3_000);
    expect(clock.now()).toBeLessThan(3_200);
  });

  it('lets one request larger than the budget through alone, and always at least one a window', async () => {
    const clock = fakeClock();
    const pacer = createPacer(0.5, { ...clock, windowMs: 1_000 });
    expect(pacer.budget).toBe(1);
    await pacer.waitForRoom(5);
    expect(clock.now()).toBe(0);
    await pacer.waitForRoom(1);
    expect(clock.now()).toBeGreaterThanOrEqual(1_000);
  });
});
