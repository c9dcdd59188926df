/**
 * 协议模板 (issue 43): each service company's cooperation agreement (共享经济合作伙伴协议), a PDF
 * per version uploaded by an operator, kept as a platform file. The highest version is current;
 * `requiresResign` says whether workers who signed an earlier one must sign it before they are
 * paid again (the payroll check reads `findRequiredAgreement`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AGREEMENT_TEMPLATE_MAX_BYTES,
  type TAgreementServiceCompany,
  type TAgreementTemplate,
} from '@flexpay/contract';
import type { OperatorContext } from '../../core/auth.ts';
import type { ServiceContext } from '../../core/context.ts';
import { sqlStateOf, type DbOrTx } from '../../db/client.ts';
import { conflict, invalidField, notFound } from '../../lib/errors.ts';
import { sniffFileKind } from '../../lib/file-type.ts';
import {
  type IncomingFile,
  platformFileKey,
  readPlatformFile,
  removePlatformFile,
  writePlatformFile,
} from '../file/service.ts';
import * as repo from './repo.ts';

const toTemplate = (r: repo.AgreementTemplateRow): TAgreementTemplate => ({
  id: r.id,
  serviceCompanyId: r.serviceCompanyId,
  version: r.version,
  title: r.title,
  fileName: r.fileName,
  size: r.size,
  sha256: r.sha256,
  requiresResign: r.requiresResign,
  createdAt: r.createdAt.toISOString(),
});

async function assertServiceCompany(db: DbOrTx, id: number) {
  if (!(await repo.serviceCompanyExists(db, id))) throw notFound('服务商不存在');
}

export async function listAgreementTemplates(
  ctx: ServiceContext,
  serviceCompanyId: number,
): Promise<TAgreementTemplate[]> {
  await assertServiceCompany(ctx.db, serviceCompanyId);
  return (await repo.findAgreementTemplates(ctx.db, serviceCompanyId)).map(toTemplate);
}

/** Every service company with its agreement versions, newest first (the operators' screen). */
export async function listAgreementServiceCompanies(ctx: ServiceContext): Promise<TAgreementServiceCompany[]> {
  const companies = await repo.findServiceCompanies(ctx.db);
  const templates = await repo.findAllAgreementTemplates(ctx.db);
  return companies.map((c) => ({
    id: c.id,
    name: c.name,
    templates: templates.filter((t) => t.serviceCompanyId === c.id).map(toTemplate),
  }));
}

/** The whole upload, at most the limit (a template is small; it is hashed and checked whole). */
async function readWhole(incoming: IncomingFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > AGREEMENT_TEMPLATE_MAX_BYTES) {
      incoming.body.resume();
      throw invalidField('file', '文件大小不能超过 10 MB');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * 上传协议模板: a new version of the service company's agreement (the next number). The PDF is
 * checked by content, kept under the platform's files and recorded; a failure leaves nothing.
 */
export async function uploadAgreementTemplate(
  ctx: ServiceContext,
  op: OperatorContext,
  serviceCompanyId: number,
  input: { title: string; requiresResign: boolean },
  incoming: IncomingFile,
): Promise<TAgreementTemplate> {
  try {
    await assertServiceCompany(ctx.db, serviceCompanyId);
  } catch (err) {
    incoming.body.resume();
    throw err;
  }
  const pdf = await readWhole(incoming);
  if (!pdf.length) throw invalidField('file', '文件内容为空，请选择有内容的文件');
  if (sniffFileKind(pdf.subarray(0, 8192), incoming.fileName) !== 'pdf') {
    throw invalidField('file', '不支持的文件类型，仅支持 PDF 文件');
  }
  const key = platformFileKey('agreement', randomUUID(), 'pdf', ctx.now());
  await writePlatformFile(ctx, key, Readable.from([pdf]));
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const version = (await repo.lastAgreementVersion(tx, serviceCompanyId)) + 1;
      return repo.insertAgreementTemplate(tx, {
        serviceCompanyId,
        version,
        title: input.title,
        fileKey: key,
        fileName: incoming.fileName.slice(0, 200) || `协议模板v${version}.pdf`,
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        requiresResign: version === 1 || input.requiresResign,
        operatorId: op.operatorId,
      });
    });
    return toTemplate(row);
  } catch (err) {
    await removePlatformFile(ctx, key).catch(() => {});
    if (sqlStateOf(err) === '23505') throw conflict('另一位运营人员刚上传了新版本，请刷新后重试');
    throw err;
  }
}

/** A template's PDF (the operators' download, and the document a worker signs). */
export async function openAgreementTemplate(ctx: ServiceContext, db: DbOrTx, id: number) {
  const row = await repo.findAgreementTemplate(db, id);
  if (!row) throw notFound('协议模板不存在');
  return { row: toTemplate(row), fileKey: row.fileKey, body: () => readPlatformFile(ctx, row.fileKey) };
}

// ── For other modules ───────────────────────────────────────────────────────────────────────

/** The service company's current template (the one 发起签约 sends), or undefined when it has none. */
export async function findCurrentTemplate(db: DbOrTx, serviceCompanyId: number) {
  const [row] = await repo.findAgreementTemplates(db, serviceCompanyId);
  return row && { id: row.id, version: row.version, title: row.title, fileKey: row.fileKey };
}

/** The bytes of a template's PDF, read whole (a few hundred KB). */
export async function readTemplatePdf(ctx: ServiceContext, fileKey: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of readPlatformFile(ctx, fileKey) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
