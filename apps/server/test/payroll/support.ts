import { expect } from 'vitest';
import { caller, type TestApp } from '../helpers.ts';
import { waitFor } from '../wait-for.ts';

export { adminWithout } from '../worker/support.ts';

/** Waits until an import job of the kind at `base` has left validating/committing; answers it. */
export function waitForImportAt(t: TestApp, token: string, base: string, id: string) {
  const c = caller(t.app, token);
  return waitFor(
    async () => (await c.get(`${base}/${id}`)).body,
    (body) => body.status !== 200 || !['validating', 'committing'].includes(body.data.status),
    { what: `import ${id}` },
  ).then((body) => {
    expect(body.status).toBe(200);
    return body.data;
  });
}
