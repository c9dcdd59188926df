import type { FastifyInstance } from 'fastify';
import { Registry } from '../../src/lib/registry.ts';

/**
 * For `createTestApp`'s hook before ready: the app's outcome handlers without the 开票 one the
 * invoice area registered, so that a test can stand in for it (the engine's tests) or show a
 * type nobody handles. Services read the registry when called, so they see the replacement.
 */
export function withoutInvoiceOutcome(app: FastifyInstance): void {
  const registry = app.ctx.registry;
  const outcomes = new Registry<
    Parameters<typeof registry.approvalOutcomes.add>[0],
    Parameters<typeof registry.approvalOutcomes.add>[1]
  >(registry.approvalOutcomes.kind);
  for (const key of registry.approvalOutcomes.keys()) {
    if (key !== 'invoice') outcomes.add(key, registry.approvalOutcomes.require(key));
  }
  registry.approvalOutcomes = outcomes;
}
