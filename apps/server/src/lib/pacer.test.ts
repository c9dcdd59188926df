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

  it('counts a send from when it was answered: one held up after its turn does not crowd the next window', async () => {
    const clock = fakeClock();
    const pacer = createPacer(2, { ...clock, windowMs: 1_000, margin: 1 });
    expect(pacer.budget).toBe(2);
    const first = await pacer.waitForRoom(2);
    // The event loop holds the send up 900 ms after its turn; the provider sees it then.
    await clock.wait(900);
    first();
    const arrived = clock.now();
    await pacer.waitForRoom(2);
    // Without the stamp the next two would go at 1,000 ms, within a second of the first two.
    expect(clock.now() - arrived).toBeGreaterThanOrEqual(1_000);
  });
});
