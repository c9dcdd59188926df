import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers.ts';

describe('route access declarations', () => {
  it('stops start-up when an API route declares no access', async () => {
    await expect(
      createTestApp({}, (app) => {
        app.get('/api/test/undeclared', async () => ({ status: 200 }));
      }),
    ).rejects.toThrow('路由 GET /api/test/undeclared 未声明访问权限 (config.access)');
  });

  it('stops start-up when a route names an element code outside the catalogue', async () => {
    await expect(
      createTestApp({}, (app) => {
        // @ts-expect-error -- the type forbids it too; the runtime check covers plain JS plugins
        app.get('/api/test/unknown', { config: { access: 'nothing:here' } }, async () => ({ status: 200 }));
      }),
    ).rejects.toThrow('不在权限目录中');
  });
});
