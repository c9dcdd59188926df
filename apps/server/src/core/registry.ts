/**
 * What areas hand each other without importing each other: every kind of plug-in (an export
 * type, an import kind, what happens when an approval ends, who refers to a worker, how a realm
 * signs in) is a registry on the app (`app.ctx.registry`), filled by the areas' plugins while the
 * app is built (modules/<area>/index.ts) and read by the area that runs them. Nothing is kept in
 * a module's globals, so two apps in one process (the tests build many) never share one.
 */
import type { TApprovalType, TExportType } from '@flexpay/contract';
import type { ApprovalOutcomeHandler } from './approval.ts';
import type { Authenticators } from './auth.ts';
import type { Exporter } from './exporter.ts';
import type { AnyImporter } from './importer.ts';
import type { ReferenceCheck } from './references.ts';

/** Values by key, each key registered once; asking for a key nobody registered is an error. */
export class Registry<K extends string, V> {
  readonly #entries = new Map<K, V>();

  /** @param kind what the values are, for the errors (e.g. 导出类型). */
  constructor(readonly kind: string) {}

  /** Registers `key` once: a second registration of it is a mistake in the app's composition. */
  add(key: K, value: V): void {
    if (this.#entries.has(key)) throw new Error(`${this.kind} "${key}" 重复注册`);
    this.#entries.set(key, value);
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The value of `key`; an unregistered key is a programming error (the caller checked the input). */
  require(key: K): V {
    const value = this.#entries.get(key);
    if (value === undefined) throw new Error(`${this.kind} "${key}" 未注册`);
    return value;
  }

  keys(): K[] {
    return [...this.#entries.keys()];
  }

  values(): V[] {
    return [...this.#entries.values()];
  }
}

export interface AppRegistry {
  /** 下载中心: how each export type produces its rows or files (modules/export runs them). */
  exporters: Registry<TExportType, Exporter>;
  /** 导入中心: the import kinds by `import_job.type` (modules/import runs them). */
  importers: Registry<string, AnyImporter>;
  /** What the owner of an approval type does when one ends (modules/approval decides). */
  approvalOutcomes: Registry<TApprovalType, ApprovalOutcomeHandler>;
  /** Areas whose records refer to workers: what a worker's deletion must ask first (modules/worker). */
  workerReferences: Registry<string, ReferenceCheck>;
  /** How each realm's tokens are checked (plugins/auth.ts calls them; modules/auth and operator register). */
  authenticators: Authenticators;
}

export function createRegistry(): AppRegistry {
  return {
    exporters: new Registry('导出类型'),
    importers: new Registry('导入类型'),
    approvalOutcomes: new Registry('审批类型的结果处理'),
    workerReferences: new Registry('员工的引用'),
    authenticators: {},
  };
}
