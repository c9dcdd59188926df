import { createHash, randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import { API, apiPath, type TUploadedFile } from '@flexpay/contract';
import type { ServiceContext } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { FILE_KINDS, FileCheckError, createFileInspector, hasExtensionOf, type FileKind } from '../../lib/file-type.ts';
import type { AuthContext } from '../../core/auth.ts';
import * as repo from './repo.ts';

export type { StoredFileRow } from './repo.ts';

/** What a stored file is for: uploads are served back to the company's admins; the rest are not. */
export type FilePurpose =
  'upload' | 'import' | 'export' | 'import-report' | 'import-staged' | 'invoice' | 'contract' | 'chat' | 'agreement';

/** A file arriving in a request: its name as the client gave it and its bytes. */
export interface IncomingFile {
  fileName: string;
  body: Readable;
}

/** Who a stored file belongs to. */
export interface FileOwner {
  companyId: number;
  adminId: number | null;
}

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A multipart body that breaks off or cannot be parsed. */
export const MALFORMED_UPLOAD = '上传的内容不完整或格式有误，请重新选择文件上传';
/** Kinds accepted by the general upload. */
export const UPLOAD_KINDS: readonly FileKind[] = ['png', 'jpeg', 'pdf', 'xlsx', 'zip', 'csv'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from the path: anything that is not a UUID names no file. */
export const isFileId = (id: string) => UUID.test(id);

/** Megabytes for messages: 10 MB, 0.5 MB. */
const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

/**
 * The client's file name without folders or control characters, at most 200 characters, with
 * the extension of what the content is (`logo.svg` holding a PNG is kept as `logo.png`): a
 * download's name never says a kind the content is not.
 */
export function cleanFileName(raw: string, kind: FileKind): string {
  const printable = [...raw.replace(/\\/g, '/')].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f);
  let name = basename(printable.join('')).trim();
  const extension = `.${FILE_KINDS[kind].extension}`;
  if (!name || name === '.') return `file${extension}`;
  if (!hasExtensionOf(name, kind)) {
    const dot = name.lastIndexOf('.');
    name = (dot > 0 && name.length - dot <= 10 ? name.slice(0, dot) : name) + extension;
  }
  if (name.length <= 200) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, 200 - ext.length) + ext;
}

/**
 * Where a file lives in the store: under its company (`companies/<id>/…`, a `stored_file` row
 * names it) or under the platform (`platform/…`: a file of no company, such as an operator's
 * export, named by its owner's own row), then by purpose and month.
 */
function keyUnder(folder: string, purpose: string, id: string, extension: string, now: Date): string {
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  return `${folder}/${purpose}/${month}/${id}.${extension}`;
}

const storageKey = (owner: FileOwner, purpose: FilePurpose, id: string, extension: string, now: Date) =>
  keyUnder(`companies/${owner.companyId}`, purpose, id, extension, now);

/** Writes a stream under `key`, answering its size; a stream that fails leaves nothing behind. */
async function writeWhole(ctx: ServiceContext, key: string, body: Readable): Promise<number> {
  try {
    return await ctx.files.write(key, body);
  } catch (err) {
    await ctx.files.remove(key).catch(() => {});
    throw err;
  }
}

/**
 * Stores a file sent by a client: checked by content (magic bytes), size and kind while it
 * streams to the file store, then recorded. A file that fails a check answers 40000 with the
 * reason in Chinese and leaves nothing behind.
 */
export async function storeIncomingFile(
  ctx: ServiceContext,
  owner: FileOwner,
  incoming: IncomingFile,
  policy: { purpose: FilePurpose; allowed: readonly FileKind[]; maxBytes: number; expiresAt?: Date | null },
): Promise<repo.StoredFileRow> {
  const labels = policy.allowed.map((k) => FILE_KINDS[k].label).join('、');
  const inspector = createFileInspector({
    allowed: policy.allowed,
    maxBytes: policy.maxBytes,
    fileName: incoming.fileName,
    messages: {
      empty: '文件内容为空，请选择有内容的文件',
      tooLarge: `文件大小不能超过 ${megabytes(policy.maxBytes)}`,
      unsupported: `不支持的文件类型，仅支持 ${labels} 文件`,
    },
  });
  const id = randomUUID();
  // The kind is known only after the first bytes: the key gets a neutral extension.
  const key = storageKey(owner, policy.purpose, id, 'bin', ctx.now());
  // An error of the client's stream (a body that breaks off) is the client's, not a 500.
  let bodyError: unknown;
  incoming.body.once('error', (err) => (bodyError = err));
  // The content's SHA-256, computed as it streams (a voucher used twice is found by it).
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await ctx.files.write(
      key,
      pipeline(incoming.body, inspector, hashing, () => {}),
    );
  } catch (err) {
    await ctx.files.remove(key).catch(() => {});
    if (err instanceof FileCheckError) throw invalidField('file', err.message);
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw invalidField('file', `文件大小不能超过 ${megabytes(policy.maxBytes)}`);
    }
    if (bodyError || incoming.body.errored) throw invalidField('file', MALFORMED_UPLOAD);
    throw err;
  }
  const { kind, size } = inspector.result();
  try {
    return await repo.insertStoredFile(ctx.db, {
      id,
      companyId: owner.companyId,
      adminId: owner.adminId,
      name: cleanFileName(incoming.fileName, kind),
      contentType: FILE_KINDS[kind].contentType,
      size,
      storageKey: key,
      purpose: policy.purpose,
      sha256: hash.digest('hex'),
      expiresAt: policy.expiresAt ?? null,
    });
  } catch (err) {
    await ctx.files.remove(key).catch(() => {});
    throw err;
  }
}

/**
 * Stores a file the server produced (an export, an error report) from a stream, and records
 * it. When the stream fails nothing is recorded and the partial file is removed.
 */
export async function storeGeneratedFile(
  ctx: ServiceContext,
  owner: FileOwner,
  file: { name: string; contentType: string; extension: string; purpose: FilePurpose; expiresAt: Date | null },
  body: Readable,
): Promise<repo.StoredFileRow> {
  const id = randomUUID();
  const key = storageKey(owner, file.purpose, id, file.extension, ctx.now());
  const size = await writeWhole(ctx, key, body);
  try {
    return await repo.insertStoredFile(ctx.db, {
      id,
      companyId: owner.companyId,
      adminId: owner.adminId,
      name: file.name,
      contentType: file.contentType,
      size,
      storageKey: key,
      purpose: file.purpose,
      expiresAt: file.expiresAt,
    });
  } catch (err) {
    await ctx.files.remove(key).catch(() => {});
    throw err;
  }
}

export const toUploadedFile = (row: repo.StoredFileRow): TUploadedFile => ({
  id: row.id,
  name: row.name,
  size: row.size,
  contentType: row.contentType,
  url: apiPath(API.file.one, { id: row.id }),
});

/** The general upload (`POST /api/admin/file/upload`). */
export async function uploadFile(ctx: ServiceContext, auth: AuthContext, incoming: IncomingFile) {
  const row = await storeIncomingFile(ctx, { companyId: auth.companyId, adminId: auth.adminId }, incoming, {
    purpose: 'upload',
    allowed: UPLOAD_KINDS,
    maxBytes: UPLOAD_MAX_BYTES,
  });
  return toUploadedFile(row);
}

/** A stored file of the company, or undefined: the caller decides who may see which purpose. */
export async function findStoredFile(ctx: ServiceContext, companyId: number, id: string) {
  if (!isFileId(id)) return undefined;
  return repo.findStoredFile(ctx.db, companyId, id);
}

/** Whether the bytes of a recorded file are still in the store (a lost volume reads as gone, not as a 500). */
export async function isInStore(ctx: ServiceContext, row: repo.StoredFileRow): Promise<boolean> {
  return ctx.files.size(row.storageKey).then(
    () => true,
    () => false,
  );
}

/** The bytes of a stored file. */
export function readStoredFile(ctx: ServiceContext, row: repo.StoredFileRow): Readable {
  return ctx.files.read(row.storageKey);
}

/**
 * An uploaded file of the admin's company, for `GET /api/admin/file/:id`. Files of other
 * companies, and generated files (exports, reports: they have their own download rules),
 * answer 40400.
 */
export async function openUpload(ctx: ServiceContext, auth: AuthContext, id: string) {
  const row = await findStoredFile(ctx, auth.companyId, id);
  if (!row || row.purpose !== 'upload' || !(await isInStore(ctx, row))) throw notFound('文件不存在');
  return { file: row, body: readStoredFile(ctx, row) };
}

/**
 * Deletes files whose retention has ended, from the store and their rows (references to them
 * become null). Answers how many went.
 */
export async function removeExpiredFiles(ctx: ServiceContext, batch = 200): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await repo.findExpiredFiles(ctx.db, ctx.now(), batch);
    if (!rows.length) return removed;
    for (const row of rows) await ctx.files.remove(row.storageKey);
    await repo.deleteStoredFiles(
      ctx.db,
      rows.map((r) => r.id),
    );
    removed += rows.length;
    if (rows.length < batch) return removed;
  }
}

/** Deletes one stored file, bytes and row. */
export async function removeStoredFile(ctx: ServiceContext, row: repo.StoredFileRow): Promise<void> {
  await ctx.files.remove(row.storageKey);
  await repo.deleteStoredFiles(ctx.db, [row.id]);
}

/** `findStoredFile` inside the caller's transaction (on PGlite the transaction holds the connection). */
export async function findStoredFileIn(db: DbOrTx, companyId: number, id: string) {
  if (!isFileId(id)) return undefined;
  return repo.findStoredFile(db, companyId, id);
}

/** Keeps a stored file for good (clears its retention): a file that a record now refers to. */
export async function keepStoredFile(db: DbOrTx, companyId: number, id: string): Promise<void> {
  await repo.clearFileExpiry(db, companyId, id);
}

/*
 * The platform's files: bytes in the same store, of no company and without a `stored_file` row
 * (that table is a company's, under row-level security). Their owner keeps the key in its own
 * row and removes the file when its retention ends (the operators' 下载中心, modules/export/ops).
 */

/** What a platform file is for. */
export type PlatformFilePurpose = 'ops-export' | 'agreement';

const PLATFORM_FOLDER = 'platform';

/** The key of a new platform file, to record before writing it (so that a run that dies leaves nothing unnamed). */
export const platformFileKey = (purpose: PlatformFilePurpose, id: string, extension: string, now: Date) =>
  keyUnder(PLATFORM_FOLDER, purpose, id, extension, now);

/** Only keys under the platform's folder are the platform's: a company's file is never reached this way. */
export function platformKey(key: string): string {
  if (!key.startsWith(`${PLATFORM_FOLDER}/`) || key.split('/').some((part) => part === '..' || part === ''))
    throw new Error(`not a platform file key: ${key}`);
  return key;
}

/** Writes a platform file; answers its size. A stream that fails leaves nothing under the key. */
export const writePlatformFile = (ctx: ServiceContext, key: string, body: Readable) =>
  writeWhole(ctx, platformKey(key), body);

/** The size of a platform file, or undefined when it is not in the store (removed, a lost volume). */
export async function platformFileSize(ctx: ServiceContext, key: string): Promise<number | undefined> {
  return ctx.files.size(platformKey(key)).catch(() => undefined);
}

export const readPlatformFile = (ctx: ServiceContext, key: string): Readable => ctx.files.read(platformKey(key));

export const removePlatformFile = (ctx: ServiceContext, key: string): Promise<void> =>
  ctx.files.remove(platformKey(key));
