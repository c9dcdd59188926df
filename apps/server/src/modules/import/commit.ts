/**
 * The commit of a validated import, in the background: the rows its validation staged inserted by
 * the definition in one transaction or none, in set-based batches, the next one read while the
 * database runs the current one; a row that no longer passes cancels the whole import, named by
 * its row number.
 */
import type { TImportRowError } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { StagedBase } from '../../core/importer.ts';
import { sqlStateOf } from '../../db/client.ts';
import { analyzeGrown } from '../../db/statistics.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobRun } from '../../lib/job-queue.ts';
import * as files from '../file/service.ts';
import * as repo from './repo.ts';
import { ImportFailure, NO_DATA_WRITTEN, scopeOf, UNSUPPORTED, type ImporterRegistry } from './service.ts';
import { readStaged } from './staging.ts';

/** Staged rows inserted per statement by a commit. */
export const COMMIT_BATCH_ROWS = 1500;

const describe = (e: TImportRowError) => `第 ${e.row} 行「${e.field}」${e.message}`;

/**
 * Commits a validated import from the rows its validation staged (already checked, and for
 * workers encrypted): every row is inserted by the definition (ImportCommit.insert) in ONE
 * transaction, in set-based batches, and the job becomes committed in the same transaction. A
 * row that no longer passes cancels the whole import, reported with its row number: a reference
 * disabled meanwhile (ImportCommit.recheck), a row with the same unique key added meanwhile (the
 * unique index refuses the batch; which row it was is asked of Importer.findConflict once the
 * transaction is rolled back).
 *
 * `liveProgress`: write progress while the transaction runs. Only where another connection can
 * do it (PostgreSQL): PGlite has one connection, which the transaction holds.
 */
export async function runCommit(
  ctx: ServiceContext,
  importers: ImporterRegistry,
  importId: string,
  run: JobRun,
  options: { liveProgress: boolean },
) {
  const job = await repo.findImportJobById(ctx.db, importId);
  if (!job || job.status !== 'committing') return;
  const importer = importers.get(job.type);
  if (!importer) {
    await repo.failImport(ctx.db, job.id, ['committing'], `${UNSUPPORTED}，${NO_DATA_WRITTEN}`, ctx.now());
    return;
  }
  const scope = scopeOf(job);
  let staged: files.StoredFileRow | undefined;
  // Once the job has ended, committed or failed, its staged rows serve no purpose.
  const removeStaged = async () => {
    if (staged) await files.removeStoredFile(ctx, staged).catch(() => {});
  };
  try {
    // Everything read outside the transaction is read before it: on PGlite a query outside it
    // would wait for it to end.
    staged = job.stagedFileId ? await files.findStoredFile(ctx, job.companyId, job.stagedFileId) : undefined;
    if (!staged || !(await files.isInStore(ctx, staged))) {
      throw new ImportFailure(`校验结果已过期，${NO_DATA_WRITTEN}，请重新上传`);
    }
    const stagedFile = staged;
    let afterCommit: (() => Promise<void>) | undefined;
    await ctx.db.transaction(async (tx) => {
      const commit = await importer.openCommit(tx, { ...scope, importId: job.id });
      afterCommit = commit.afterCommit?.bind(commit);
      let inserted = 0;
      // One batch is in the database while the next is read and checked: its statement waits on
      // the connection behind the one before, so the JSON work overlaps the database work.
      let inflight: { batch: StagedBase[]; done: Promise<number> } | undefined;
      const settle = async () => {
        if (!inflight) return;
        const { batch, done } = inflight;
        inflight = undefined;
        try {
          inserted += await done;
        } catch (err) {
          // A unique index: a row with one of the batch's keys was added since the validation.
          if (sqlStateOf(err) === '23505') throw new DuplicateInBatch(batch, { cause: err });
          throw err;
        }
        if (options.liveProgress) {
          const progress = Math.min(99, Math.floor((inserted / Math.max(job.validRows, 1)) * 100));
          await repo.updateImportProgress(ctx.db, job.id, 'committing', progress, ctx.now());
        }
      };
      try {
        for await (const batch of readStaged(ctx, stagedFile, COMMIT_BATCH_ROWS)) {
          const stale = commit.recheck?.(batch);
          if (stale) {
            // Rows are reported in order: an earlier row may conflict with the database by now.
            await settle();
            const earlier = await importer.findConflict(tx, scope, batch.slice(0, stale.index));
            throw new ImportFailure(`${describe(earlier ?? stale.problem)}，${NO_DATA_WRITTEN}`);
          }
          const done = commit.insert(batch);
          done.catch(() => {});
          await settle();
          inflight = { batch, done };
        }
        await settle();
      } finally {
        // Nothing may still run on the connection when the transaction ends.
        await inflight?.done.catch(() => {});
      }
      if (inserted !== job.validRows) throw new ImportFailure(`校验结果不完整，${NO_DATA_WRITTEN}，请重新上传`);
      await commit.finish?.(inserted);
      if (!(await repo.finishCommit(tx, job.id, inserted, ctx.now()))) throw new ImportFailure('导入状态已变化');
    });
    await afterCommit?.().catch((err: unknown) => ctx.log.error({ err, importId }, 'import after-commit step failed'));
    await removeStaged();
    // Committed: a refresh of the planner's statistics that fails leaves the import as it is.
    const grows = importer.grows ?? [];
    const wrote = Object.fromEntries(grows.map((table) => [table, job.validRows]));
    if (grows.length) await analyzeGrown(ctx.db, grows, {}, wrote).catch(() => {});
  } catch (err) {
    if (err instanceof DuplicateInBatch) {
      // The transaction is over: which row it was is asked of the database as it is now.
      const first = await importer.findConflict(ctx.db, scope, err.batch).catch(() => undefined);
      const message = first
        ? `${describe(first)}，${NO_DATA_WRITTEN}`
        : `${importer.conflictMessage}，${NO_DATA_WRITTEN}，请重新上传`;
      await repo.failImport(ctx.db, job.id, ['committing'], message, ctx.now());
      await removeStaged();
      return;
    }
    if (sqlStateOf(err) === '23505') {
      const message = `${importer.conflictMessage}，${NO_DATA_WRITTEN}，请重新上传`;
      await repo.failImport(ctx.db, job.id, ['committing'], message, ctx.now());
      await removeStaged();
      return;
    }
    if (err instanceof ImportFailure || err instanceof AppError) {
      // A definition refuses with an AppError (its record no longer takes rows): said as it is.
      const message = err instanceof AppError ? `${err.message}，${NO_DATA_WRITTEN}` : err.message;
      await repo.failImport(ctx.db, job.id, ['committing'], message, ctx.now());
      await removeStaged();
      return;
    }
    if (run.isLastAttempt) {
      await repo.failImport(ctx.db, job.id, ['committing'], `导入失败，${NO_DATA_WRITTEN}，请重新上传`, ctx.now());
      await removeStaged();
    }
    throw err;
  }
}

/** A batch of staged rows that met a unique index: the commit cannot go on. */
class DuplicateInBatch extends Error {
  override name = 'DuplicateInBatch';
  constructor(
    readonly batch: StagedBase[],
    options: { cause: unknown },
  ) {
    super('a key of the batch exists in the database', options);
  }
}
