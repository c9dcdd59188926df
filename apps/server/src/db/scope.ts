import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';

/**
 * Whose rows a statement may touch (ADR 0025). Every tenant table has a row-level security
 * policy on `company_id` against the setting `app.company_id`, forced for its owner too; the
 * database adapter (db/client.ts) sets the role and that setting on the connection from the
 * scope of the code that runs the statement:
 *
 * - `company`: the role `flexpay_app`, the company's rows only (a request of a signed-in admin,
 *   a job of one company);
 * - `platform`: the role `flexpay_platform`, every company's rows, always with a reason (the
 *   operator console, sign-in before a company is known, jobs that sweep every company, the
 *   seed). Each opening is logged with its reason;
 * - `none`: the role `flexpay_app` with no company: tenant tables answer nothing (a request
 *   before its session is known).
 *
 * A statement run outside any scope is refused: every entry point (a request, a job, start-up)
 * opens one, so a forgotten one is a bug to see, not a silent bypass.
 */
export type DbScope =
  | { readonly kind: 'company'; readonly companyId: number }
  | { readonly kind: 'platform'; readonly reason: string }
  | { readonly kind: 'none' };

/** The scope of migrations and tests' own fixtures: the connecting role, no setting. */
export const OWNER_SCOPE = { kind: 'owner' } as const;
export type ConnectionScope = DbScope | typeof OWNER_SCOPE;

/** A request's scope: opened empty when it arrives, narrowed once its session is known. */
interface ScopeHolder {
  scope: DbScope;
}

const storage = new AsyncLocalStorage<ScopeHolder>();
const NONE: DbScope = { kind: 'none' };

/** Where a platform scope is opened and why, for the log (set once by the app). */
let platformLog: (reason: string) => void = () => {};
export function onPlatformScope(log: (reason: string) => void): void {
  platformLog = log;
}

export class NoDbScopeError extends Error {
  constructor() {
    super('数据库语句不在任何范围内：请求、任务与启动代码须先打开公司或平台范围 (db/scope.ts)');
    this.name = 'NoDbScopeError';
  }
}

/** The scope of the running code; throws outside any. */
export function currentScope(): DbScope {
  const holder = storage.getStore();
  if (!holder) throw new NoDbScopeError();
  return holder.scope;
}

/** The scope of the running code, or undefined outside any (for diagnostics). */
export function scopeIfAny(): DbScope | undefined {
  return storage.getStore()?.scope;
}

/**
 * Runs `fn` in the holder's scope, awaiting inside it: a Drizzle query is a thenable that runs
 * only when awaited, which must happen in the scope, not after it.
 */
function run<T>(holder: ScopeHolder, fn: () => Promise<T>): Promise<T> {
  return storage.run(holder, async () => await fn());
}

function companyScope(companyId: number): { kind: 'company'; companyId: number } {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error(`invalid company id ${companyId}`);
  return { kind: 'company', companyId };
}

/** Runs `fn` with one company's rows only. */
export function inCompany<T>(companyId: number, fn: () => Promise<T>): Promise<T> {
  return run({ scope: companyScope(companyId) }, fn);
}

/**
 * Runs `fn` across every company, for a stated reason (logged). For the operator console,
 * identity before a company is known, jobs over every company, the seed: never a company's
 * request that merely forgot its scope.
 */
export function asPlatform<T>(reason: string, fn: () => Promise<T>): Promise<T> {
  if (!reason.trim()) throw new Error('asPlatform needs a reason');
  platformLog(reason);
  return run({ scope: { kind: 'platform', reason } }, fn);
}

/**
 * Runs `fn` in a scope taken earlier with `currentScope()`: work a request started that goes on
 * after it (a chat stream's queue) keeps the request's scope.
 */
export function inScope<T>(scope: DbScope, fn: () => Promise<T>): Promise<T> {
  return run({ scope }, fn);
}

/** Runs `fn` with no company: tenant tables answer nothing. */
export function withoutCompany<T>(fn: () => Promise<T>): Promise<T> {
  return run({ scope: NONE }, fn);
}

/**
 * Opens a request's scope (empty) around the rest of its handling: `next` is Fastify's `done`
 * of the first onRequest hook. Returns a resource that re-enters the scope where Node loses
 * it (a body parsed from stream events), for the preValidation hook.
 */
export function openRequestScope(next: () => void): AsyncResource {
  let resource!: AsyncResource;
  storage.run({ scope: NONE }, () => {
    resource = new AsyncResource('flexpay.request-scope');
    next();
  });
  return resource;
}

/** Narrows the running request's scope once its session is known. */
export function narrowRequestScope(scope: DbScope): void {
  const holder = storage.getStore();
  if (!holder) throw new NoDbScopeError();
  if (scope.kind === 'platform') platformLog(scope.reason);
  holder.scope = scope.kind === 'company' ? companyScope(scope.companyId) : scope;
}

/** A short, stable key of a scope: equal keys need no change on a connection. */
export function scopeKey(scope: ConnectionScope): string {
  switch (scope.kind) {
    case 'company':
      return `c${scope.companyId}`;
    case 'platform':
      return 'p';
    case 'none':
      return 'n';
    case 'owner':
      return 'o';
  }
}

/**
 * The statements that put a connection in a scope (one simple query: no parameters, the
 * company id is a checked integer). Session-level, so that a transaction's rollback cannot undo
 * them: the adapter applies them only outside a transaction.
 */
export function scopeSql(scope: ConnectionScope): string {
  switch (scope.kind) {
    case 'company':
      return `set role flexpay_app; select set_config('app.company_id', '${companyScope(scope.companyId).companyId}', false)`;
    case 'platform':
      return `set role flexpay_platform; select set_config('app.company_id', '', false)`;
    case 'none':
      return `set role flexpay_app; select set_config('app.company_id', '', false)`;
    case 'owner':
      return `reset role; select set_config('app.company_id', '', false)`;
  }
}

export class ScopeChangeInTransactionError extends Error {
  constructor(from: string, to: string) {
    super(`a transaction cannot change its database scope (${from} → ${to}): open the scope before the transaction`);
    this.name = 'ScopeChangeInTransactionError';
  }
}
