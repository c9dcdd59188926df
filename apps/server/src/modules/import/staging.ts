/**
 * Staged rows: the rows of a validation that may be committed, as NDJSON in the file store.
 */
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import { PassThrough } from 'node:stream';
import { EXPORT_RETENTION_DAYS } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import * as files from '../file/service.ts';
import type { StagedBase } from '../../core/importer.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The rows of a validation that may be committed, written as NDJSON to the file store while
 * the sheet is read: the commit inserts them without parsing and checking the sheet again.
 * `add` (as rows are checked) and `discard` (once an error is found) may run at the same time.
 */
export function createStaging(ctx: ServiceContext, job: { companyId: number; adminId: number }) {
  let stream: PassThrough | undefined;
  let storing: Promise<{ file: files.StoredFileRow } | { error: unknown }> | undefined;
  let discarded = false;
  const open = () => {
    const body = new PassThrough();
    storing = files
      .storeGeneratedFile(
        ctx,
        { companyId: job.companyId, adminId: job.adminId },
        {
          name: 'staged-rows.ndjson',
          contentType: 'application/x-ndjson',
          extension: 'ndjson',
          purpose: 'import-staged',
          expiresAt: new Date(ctx.now().getTime() + EXPORT_RETENTION_DAYS * DAY_MS),
        },
        body,
      )
      .then(
        (file) => ({ file }),
        (error: unknown) => ({ error }),
      );
    return body;
  };
  return {
    /** Stages rows given as their JSON lines (CheckedBatch.staged), written as they are. */
    async add(text: Uint8Array) {
      if (discarded || !text.length) return;
      stream ??= open();
      if (stream.write(text)) return;
      try {
        await once(stream, 'drain');
      } catch (err) {
        // Discarded while this waited (an error found meanwhile, see onRows): nothing to stage.
        if (!discarded) throw err;
      }
    },
    /** The stored file of the staged rows. */
    async finish(): Promise<files.StoredFileRow | undefined> {
      if (discarded || !stream || !storing) return undefined;
      stream.end();
      const stored = await storing;
      if ('error' in stored) throw stored.error;
      return stored.file;
    },
    async discard() {
      if (discarded) return;
      discarded = true;
      if (!stream || !storing) return;
      stream.destroy(new Error('discarded'));
      const stored = await storing;
      if ('file' in stored) await files.removeStoredFile(ctx, stored.file);
    },
  };
}

/** The staged rows of a validation, in batches. */
export async function* readStaged<Staged extends StagedBase>(
  ctx: ServiceContext,
  file: files.StoredFileRow,
  size: number,
): AsyncGenerator<Staged[]> {
  // Chunks are taken as the batches are (readline would read ahead and queue lines meanwhile,
  // which then outlive the young generation and crowd the heap for the length of the commit).
  const source = files.readStoredFile(ctx, file);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let batch: Staged[] = [];
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        if (end > start) batch.push(JSON.parse(text.slice(start, end)) as Staged);
        start = end + 1;
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest.trim()) batch.push(JSON.parse(rest) as Staged);
    if (batch.length) yield batch;
  } finally {
    source.destroy();
  }
}
