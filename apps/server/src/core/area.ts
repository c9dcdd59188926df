/**
 * An area of the product (workers, payroll, money, ...) is one folder under modules/ and one
 * plugin, its `index.ts`: it registers the area's routes, its background jobs and what it hands
 * other areas through `app.ctx.registry` (exporters, importers, approval outcomes, reference
 * checks, authenticators). `app.ts` is the list of areas.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type Area = ReturnType<typeof defineArea>;

/**
 * Makes an area's plugin. It is not encapsulated (fastify-plugin), so what it decorates (such as
 * `app.payoutWork` for tests) is seen by the app; it needs the cross-cutting plugins registered first.
 */
export function defineArea(
  name: string,
  register: (app: FastifyInstance) => Promise<void>,
  /** Areas whose plugins must be registered first (their decorators or registries are used here). */
  after: readonly string[] = [],
) {
  return fp(register, {
    name: `area:${name}`,
    dependencies: ['errors', 'auth', 'jobs', ...after.map((a) => `area:${a}`)],
  });
}
