/**
 * 在线签署 (DOMAIN section 8): an admin holding `contract:sign` signs the company's 待签署
 * contract with a fresh code, by SMS (a `contract_sign` code to the own mobile) or by the own
 * authenticator, as at 支付确认. A signature page (signer, company, time, the uploaded PDF's
 * SHA-256) is appended to the PDF; the signed PDF is a new stored file, and the contract keeps
 * both hashes. Signing a contract already 已签署 answers it unchanged (a retry after a lost
 * answer); anything but 待签署 and in force is refused.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  Code,
  CONTRACT_SIGN_REFUSAL,
  contractStateOn,
  maskMobile,
  beijingDay,
  type TCompanyContractDetail,
  type TContractSignBody,
  type TContractStoredStatus,
  type TPayCodeSent,
  type TPayMethods,
} from '@flexpay/contract';
import type { AuthContext } from '../../core/auth.ts';
import type { ServiceContext } from '../../core/context.ts';
import { appendSignaturePage, UnreadablePdfError } from '../../lib/contract-signature-pdf.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { getAdminById } from '../auth/service.ts';
import { findStoredFileIn, isInStore, keepStoredFile, readStoredFile, storeGeneratedFile } from '../file/service.ts';
import { verifyStepUpCode } from '../user/service.ts';
import { sendSmsCode } from '../verification/service.ts';
import * as repo from './repo.ts';
import { getContract } from './service.ts';

const NOT_FOUND = '合同不存在';
/** The signed PDF is kept a day unless the signing's transaction takes it. */
const UNCLAIMED_RETENTION_MS = 24 * 60 * 60 * 1000;

async function signingAdmin(ctx: ServiceContext, auth: AuthContext) {
  const row = await getAdminById(ctx.db, auth.adminId);
  if (!row) throw new AppError(Code.UNAUTHENTICATED, '请先登录');
  return row;
}

/** Whether the admin can confirm by SMS (a mobile is bound) and by the authenticator (set up). */
export async function getSignMethods(ctx: ServiceContext, auth: AuthContext): Promise<TPayMethods> {
  const row = await signingAdmin(ctx, auth);
  return { sms: !!row.mobile, totp: !!row.totpSecret, mobile: row.mobile ? maskMobile(row.mobile) : '' };
}

/** Sends the `contract_sign` SMS code to the admin's own mobile (the verification area's limits apply). */
export async function sendSignCode(ctx: ServiceContext, auth: AuthContext, ip: string): Promise<TPayCodeSent> {
  const row = await signingAdmin(ctx, auth);
  if (!row.mobile) throw conflict('账号未绑定手机号，无法发送短信验证码，请使用身份验证器或先绑定手机号');
  return ctx.db.transaction((tx) =>
    sendSmsCode(ctx, tx, { mobile: row.mobile, purpose: 'contract_sign', ip, adminId: row.id }),
  );
}

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** 在线签署 of the company's contract (another company's answers 40400). */
export async function signContractOnline(
  ctx: ServiceContext,
  auth: AuthContext,
  id: number,
  body: TContractSignBody,
  ip: string,
): Promise<TCompanyContractDetail> {
  const today = beijingDay(ctx.now());
  const [row] = await repo.findContractRows(ctx.db, [id]);
  if (!row || row.companyId !== auth.companyId) throw notFound(NOT_FOUND);
  const state = contractStateOn(row.status as TContractStoredStatus, row.endDate, today);
  // Already signed: the same answer again, nothing new stored, no code used.
  if (state === 'signed') return getContract(ctx, auth, id);
  if (state !== 'pending') throw conflict(CONTRACT_SIGN_REFUSAL);

  const consumeCode = await verifyStepUpCode(ctx, auth, body, ip, 'contract_sign');
  const signer = await signingAdmin(ctx, auth);
  const original = await findStoredFileIn(ctx.db, row.companyId, row.fileId);
  if (!original || !(await isInStore(ctx, original))) throw notFound('合同文件不存在');
  const originalBytes = await bytesOf(readStoredFile(ctx, original));
  const originalSha256 = sha256(originalBytes);
  const signedAt = ctx.now();
  let signedBytes: Uint8Array;
  try {
    signedBytes = await appendSignaturePage(originalBytes, {
      contractNo: row.contractNo,
      title: row.title,
      companyName: row.companyName,
      serviceCompanyName: row.serviceCompanyName,
      signerName: signer.name,
      methodLabel: body.method === 'sms' ? '短信验证码' : '身份验证器',
      signedAt,
      originalSha256,
    });
  } catch (err) {
    if (err instanceof UnreadablePdfError) throw conflict('合同文件无法追加签署页，请联系运营人员重新上传合同');
    throw err;
  }
  const signedFile = await storeGeneratedFile(
    ctx,
    { companyId: row.companyId, adminId: auth.adminId },
    {
      name: `合同_${row.contractNo}_已签署.pdf`,
      contentType: 'application/pdf',
      extension: 'pdf',
      purpose: 'contract',
      expiresAt: new Date(signedAt.getTime() + UNCLAIMED_RETENTION_MS),
    },
    Readable.from([Buffer.from(signedBytes)]),
  );

  await ctx.db.transaction(async (tx) => {
    await consumeCode(tx);
    const locked = await repo.findContract(tx, auth.companyId, id, true);
    if (!locked) throw notFound(NOT_FOUND);
    await keepStoredFile(tx, row.companyId, signedFile.id);
    const moved = await repo.moveContract(tx, id, ['pending'], today, {
      status: 'signed',
      signedAt,
      signMethod: 'online',
      signedBy: auth.adminId,
      signerName: signer.name,
      originalSha256,
      signedFileId: signedFile.id,
      signedSha256: sha256(signedBytes),
    });
    // Signed, terminated or expired meanwhile: nothing changes (the unclaimed file expires).
    if (!moved) throw conflict(CONTRACT_SIGN_REFUSAL);
  });
  return getContract(ctx, auth, id);
}
