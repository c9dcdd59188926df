import type { TApprovalType, TExportType, TOpsExportType } from '@flexpay/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Captcha } from '../lib/captcha.ts';
import type { FieldCipher } from '../lib/crypto.ts';
import type { FileStore } from '../lib/file-store.ts';
import type { IdentityProvider } from '../lib/identity-provider.ts';
import type { PayoutProvider } from '../lib/payout-provider.ts';
import type { SigningProvider } from '../lib/signing-provider.ts';
import { Registry } from '../lib/registry.ts';
import type { ApprovalOutcomeHandler } from './approval.ts';
import type { AuthContext, OperatorContext } from './auth.ts';
import type { ExportSource } from './exporter.ts';
import type { GaugeSource } from './metrics.ts';
import type { AnyImporter } from './importer.ts';
import type { ReferenceCheck } from './references.ts';
import type { SmsSender } from './sms.ts';

/** What services need from the outside world, handed to them explicitly (tests build their own). */
export interface ServiceContext {
  db: Db;
  config: AppConfig;
  cipher: FieldCipher;
  sms: SmsSender;
  files: FileStore;
  /** Where payouts are sent (the sandbox provider by default, modules/payout-sandbox). */
  payoutProvider: PayoutProvider;
  /** Where workers' real names are verified (the sandbox by default, modules/identity-sandbox). */
  identityProvider: IdentityProvider;
  /** Where workers sign the service companies' agreements (the sandbox by default, modules/signing-sandbox). */
  signingProvider: SigningProvider;
  /** What the areas registered for each other (exporters, importers, approval outcomes, ...). */
  registry: AppRegistry;
  log: FastifyBaseLogger;
  /** Draws a new image captcha (tests wrap it to learn the answers a script cannot read). */
  captcha(): Captcha;
  /** The clock; tests may move it. */
  now(): Date;
}

/**
 * Produces the rows of one export type for a job (core/exporter.ts has the sources). `filters`
 * are the stored filters of the job (keys starting with `_` included: they are the exporter's
 * own and never shown).
 */
export type Exporter = (
  ctx: ServiceContext,
  job: { companyId: number; filters: Record<string, unknown> },
) => Promise<ExportSource>;

/**
 * Produces the rows of one export type of the operators' 下载中心 (modules/export/ops): an
 * export that spans companies, run in the platform's scope. `filters` are the job's stored ones.
 */
export type OpsExporter = (ctx: ServiceContext, job: { filters: Record<string, unknown> }) => Promise<ExportSource>;

/** How each realm's tokens are checked: each throws the contract's error for a bad token. */
export interface Authenticators {
  /** A company admin's token -> the live session (modules/auth). */
  session?: {
    authenticate(ctx: ServiceContext, token: string | undefined): Promise<AuthContext>;
    /**
     * Forget remembered sessions here and in every process (after every write request: ADR 0007),
     * once every listening process has; `companyId`: whose admin wrote, when known.
     */
    invalidate(companyId?: number): Promise<void>;
    /** Called whenever sessions may have changed, in any process: a stream re-checks its session. */
    subscribe(listener: (companyId: number | undefined) => void): () => void;
  };
  /** An operator's token -> the operator (modules/operator). */
  operator?: (ctx: ServiceContext, token: string | undefined) => Promise<OperatorContext>;
}

/**
 * What areas hand each other without importing each other: every kind of plug-in (an export
 * type, an import kind, what happens when an approval ends, who refers to a worker, how a realm
 * signs in) is a registry on the app (`app.ctx.registry`), filled by the areas' plugins while the
 * app is built (modules/<area>/index.ts) and read by the area that runs them. Nothing is kept in
 * a module's globals, so two apps in one process (the tests build many) never share one.
 */
export interface AppRegistry {
  /** 下载中心: how each export type produces its rows or files (modules/export runs them). */
  exporters: Registry<TExportType, Exporter>;
  /** The operators' 下载中心: how each of their export types produces its rows (modules/export runs them). */
  opsExporters: Registry<TOpsExportType, OpsExporter>;
  /** 导入中心: the import kinds by `import_job.type` (modules/import runs them). */
  importers: Registry<string, AnyImporter>;
  /** What the owner of an approval type does when one ends (modules/approval decides). */
  approvalOutcomes: Registry<TApprovalType, ApprovalOutcomeHandler>;
  /** Areas whose records refer to workers: what a worker's deletion must ask first (modules/worker). */
  workerReferences: Registry<string, ReferenceCheck>;
  /** Areas whose records name roles outside \`admin_role\` (approval flow steps): asked before a role is deleted (modules/role). */
  roleReferences: Registry<string, ReferenceCheck>;
  /** How each realm's tokens are checked (plugins/auth.ts calls them; modules/auth and operator register). */
  authenticators: Authenticators;
  /** Figures of /metrics read at scrape time, by metric name (plugins/metrics.ts serves them). */
  gauges: Registry<string, GaugeSource>;
}

export function createRegistry(): AppRegistry {
  return {
    exporters: new Registry('导出类型'),
    opsExporters: new Registry('运营导出类型'),
    importers: new Registry('导入类型'),
    approvalOutcomes: new Registry('审批类型的结果处理'),
    workerReferences: new Registry('员工的引用'),
    roleReferences: new Registry('角色的引用'),
    authenticators: {},
    gauges: new Registry('监控指标'),
  };
}
