/**
 * Polls `read` until `isDone` holds for its answer, and answers it; fails after `timeoutMs`.
 * Background jobs run in the test's own app, so a test waits for the row they update.
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  {
    timeoutMs = 30_000,
    intervalMs = 50,
    what = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
