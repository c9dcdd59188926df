/**
 * The sandbox verification provider (the default `ctx.identityProvider`, issue 43): answers by
 * rules.ts, holds to its rate like a real provider's contract (a request beyond it is refused), and
 * can be made slow or taken down, for tests and the benchmark. It keeps nothing but its counters.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ProviderUnavailableError,
  type IdentityAnswer,
  type IdentityCheck,
  type IdentityProvider,
} from '../../lib/identity-provider.ts';
import { sandboxIdentityAnswer } from './rules.ts';

export interface SandboxIdentityOptions {
  /** Checks a second the sandbox accepts (a one-second window); 2,000 by default. */
  ratePerSecond?: number;
  /** Checks a request may carry; 500 by default. */
  maxBatch?: number;
  /** Milliseconds each request takes; 0 by default. */
  latencyMs?: number;
}

export interface SandboxIdentityProvider extends IdentityProvider {
  /** Down: every request throws ProviderUnavailableError until set back. */
  down: boolean;
  latencyMs: number;
  /** Checks answered so far (what the benchmark and the tests count). */
  readonly answered: number;
  /** Requests refused for their rate. */
  readonly refusedForRate: number;
}

export function createSandboxIdentityProvider(options: SandboxIdentityOptions = {}): SandboxIdentityProvider {
  const ratePerSecond = options.ratePerSecond ?? 2_000;
  const maxBatch = options.maxBatch ?? 500;
  let windowStart = 0;
  let inWindow = 0;
  let answered = 0;
  let refusedForRate = 0;
  const provider: SandboxIdentityProvider = {
    ratePerSecond,
    maxBatch,
    down: false,
    latencyMs: options.latencyMs ?? 0,
    get answered() {
      return answered;
    },
    get refusedForRate() {
      return refusedForRate;
    },
    async verify(checks: readonly IdentityCheck[]): Promise<IdentityAnswer[]> {
      if (provider.latencyMs > 0) await sleep(provider.latencyMs);
      if (provider.down) throw new ProviderUnavailableError('实名认证服务暂不可用（沙箱已停用）');
      if (checks.length > maxBatch) throw new ProviderUnavailableError(`单次最多 ${maxBatch} 条`);
      const now = Date.now();
      if (now - windowStart >= 1_000) {
        windowStart = now;
        inWindow = 0;
      }
      if (inWindow + checks.length > ratePerSecond) {
        refusedForRate += 1;
        throw new ProviderUnavailableError('超出每秒调用上限');
      }
      inWindow += checks.length;
      answered += checks.length;
      return checks.map(sandboxIdentityAnswer);
    },
  };
  return provider;
}
