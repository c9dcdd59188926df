/**
 * The staged rows of an import's validation (createStaging): written as the rows are checked,
 * discarded as soon as an error is found, which may happen while a write waits for the file store.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createStaging } from '../../src/modules/import/staging.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { countStagedFiles } from './support.ts';
import { inCompany } from '../../src/db/scope.ts';

describe('staged rows of an import', () => {
  let t: TestApp;
  let owner: { companyId: number; adminId: number };

  beforeAll(async () => {
    t = await createTestApp();
    const [admin] = await queryRows<{ company_id: number; id: number }>(
      t.database.db,
      sql`select company_id::int as company_id, id::int as id from admin where username = 'demo'`,
    );
    owner = { companyId: admin?.company_id ?? 0, adminId: admin?.id ?? 0 };
  });
  afterAll(() => t.close());

  // The staging is an import job's, which runs in its company's scope.
  it('stores the lines it was given, in order', () =>
    inCompany(owner.companyId, async () => {
      const staging = createStaging(t.app.ctx, owner);
      await staging.add(new TextEncoder().encode('{"row":2}\n'));
      await staging.add(new TextEncoder().encode('{"row":3}\n'));
      const file = await staging.finish();
      expect(file).toBeDefined();
      const chunks: Buffer[] = [];
      for await (const chunk of t.app.ctx.files.read(file?.storageKey ?? '')) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString('utf8')).toBe('{"row":2}\n{"row":3}\n');
      await t.app.ctx.files.remove(file?.storageKey ?? '');
    }));

  // The staging is an import job's, which runs in its company's scope.
  it('lets a write that waits for the file store end quietly when the staging is discarded meanwhile', () =>
    inCompany(owner.companyId, async () => {
      const before = await countStagedFiles(t);
      const staging = createStaging(t.app.ctx, owner);
      // More than the stream buffers: the write waits until the file store has taken it, and the
      // store is still making its folder.
      const waiting = staging.add(new Uint8Array(1024 * 1024).fill(0x7b));
      const discarding = staging.discard();
      await expect(waiting).resolves.toBeUndefined();
      await discarding;
      // Nothing is staged after a discard, and nothing is left in the store.
      await staging.add(new TextEncoder().encode('{"row":9}\n'));
      expect(await staging.finish()).toBeUndefined();
      expect(await countStagedFiles(t)).toBe(before);
    }));
});
