/**
 * 批量导入员工 as an import centre definition: the sheet's columns and template, the row check
 * (rows.ts), duplicates by ID number within the file and against the company's workers, and the
 * insert of workers with their default payout accounts.
 */
import type { TImportRowError } from '@flexpay/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { defineImporter, type Importer, type ImportScope } from '../../../core/importer.ts';
import { findJobTypeRefs } from '../job-types/service.ts';
import { queueInRun, queueVerification } from '../real-name/service.ts';
import * as workers from '../service.ts';
import { IMPORT_COLUMNS, rowCheck, type StagedRow, type WorkerCheckData } from './rows.ts';
import { writeTemplate } from './template.ts';

const existingWorkerProblem = (row: number): TImportRowError => ({
  row,
  field: IMPORT_COLUMNS.idNumber.header,
  message: '该身份证号的员工已存在',
});

/** The first of these rows whose ID number belongs to a worker by now. */
async function findExistingWorker(db: DbOrTx, scope: ImportScope, rows: StagedRow[]) {
  const existing = await workers.findExistingIdHashes(
    db,
    scope.companyId,
    rows.map((r) => r.worker.idNumberHash),
  );
  const first = rows.find((r) => existing.has(r.worker.idNumberHash));
  return first && existingWorkerProblem(first.row);
}

/** ID number hashes queued for 实名认证 per statement at the end of a commit. */
const QUEUE_CHUNK = 10_000;

/**
 * 批量导入员工, whose workers are verified in the background once the import has committed (issue
 * 43): they are inserted 认证中, queued as one run at the end of the commit's transaction, and
 * `onCommitted` (the worker area's job kick) runs after it.
 */
export function createWorkerImporter(onCommitted: (companyId: number) => Promise<void>) {
  return defineImporter<StagedRow, WorkerCheckData, keyof typeof IMPORT_COLUMNS>({
    ...workerDefinition,
    async openCommit(tx, scope) {
      const commit = await workerDefinition.openCommit(tx, scope);
      const hashes: string[] = [];
      return {
        ...commit,
        insert(batch) {
          for (const r of batch) hashes.push(r.worker.idNumberHash);
          return commit.insert(batch.map((r) => ({ ...r, worker: { ...r.worker, realNameStatus: 'verifying' } })));
        },
        async finish(inserted) {
          await commit.finish?.(inserted);
          if (!hashes.length) return;
          // Inserted 认证中 just now: no check of theirs to supersede.
          const fresh = true;
          const { runId } = await queueVerification(
            tx,
            scope.companyId,
            'import',
            { hashes: hashes.slice(0, QUEUE_CHUNK) },
            fresh,
            scope.importId,
          );
          for (let i = QUEUE_CHUNK; i < hashes.length; i += QUEUE_CHUNK) {
            await queueInRun(tx, scope.companyId, runId, hashes.slice(i, i + QUEUE_CHUNK));
          }
        },
        afterCommit: () => onCommitted(scope.companyId),
      };
    },
  });
}

const workerDefinition: Importer<StagedRow, WorkerCheckData, keyof typeof IMPORT_COLUMNS> = {
  type: 'workers',
  noun: '员工',
  columns: IMPORT_COLUMNS,
  templateFileName: '员工导入模板.xlsx',
  reportFileName: '员工导入错误报告.xlsx',

  async template(db, scope) {
    // The company's enabled job types are listed in the instructions.
    const jobTypes = (await findJobTypeRefs(db, scope.companyId))
      .filter((t) => t.enabled)
      .map((t) => ({ code: t.code, name: t.name }));
    return (writer) => writeTemplate(writer, jobTypes);
  },

  rowCheck: { module: new URL('./rows.ts', import.meta.url), definition: rowCheck },

  async checkData(db, scope, today) {
    const types = await findJobTypeRefs(db, scope.companyId);
    return {
      companyId: scope.companyId,
      today: today.getTime(),
      jobTypes: types.map((t) => ({ id: t.id, code: t.code, enabled: t.enabled })),
    };
  },

  duplicateInFile: (first) => ({ field: IMPORT_COLUMNS.idNumber.header, message: `与第 ${first} 行的身份证号重复` }),

  async checkBatch(db, scope, rows) {
    // Only rows without error so far: a row already wrong keeps its first problems.
    const hashes = rows.flatMap((r) => (r.key && !r.errors.length ? [r.key] : []));
    const existing = await workers.findExistingIdHashes(db, scope.companyId, hashes);
    for (const r of rows) {
      if (r.key && !r.errors.length && existing.has(r.key)) r.errors.push(existingWorkerProblem(r.row));
    }
  },

  async openCommit(tx, scope) {
    const jobTypes = new Map((await findJobTypeRefs(tx, scope.companyId)).map((t) => [t.id, t]));
    return {
      recheck(batch) {
        const index = batch.findIndex((r) => r.worker.jobTypeId != null && !jobTypes.get(r.worker.jobTypeId)?.enabled);
        if (index < 0) return undefined;
        const problem = {
          row: batch[index]?.row ?? 0,
          field: IMPORT_COLUMNS.jobTypeCode.header,
          message: '该工种已停用或已删除',
        };
        return { index, problem };
      },
      async insert(batch) {
        return workers.insertWorkersWithAccounts(tx, scope.companyId, batch);
      },
    };
  },

  findConflict: findExistingWorker,
  conflictMessage: '有身份证号与已有员工重复（可能刚被添加）',
  grows: ['worker', 'worker_bank_card', 'worker_alipay', 'worker_real_name_check'],
};
