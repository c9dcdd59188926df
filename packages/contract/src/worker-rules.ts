/** Worker rules and labels without zod, for the web bundle (see web.ts). DOMAIN section 3. */

export const WORKER_STATUSES = ['active', 'left'] as const;
export type TWorkerStatus = (typeof WORKER_STATUSES)[number];
export const WORKER_STATUS_LABELS: Record<TWorkerStatus, string> = { active: '在职', left: '离职' };

/** 未认证 -> 认证中 -> 已认证 | 认证失败 (issue 43, ADR 0031). */
export const REAL_NAME_STATUSES = ['unverified', 'verifying', 'verified', 'failed'] as const;
export type TRealNameStatus = (typeof REAL_NAME_STATUSES)[number];
export const REAL_NAME_STATUS_LABELS: Record<TRealNameStatus, string> = {
  unverified: '未认证',
  verifying: '认证中',
  verified: '已认证',
  failed: '认证失败',
};

/**
 * Runs in which the provider may be away for one check (down, refusing, or answering 无法认证)
 * before the check is no longer asked again by itself (issue 43, ADR 0031). The sweep sends the
 * verification job every minute, so this is about ten minutes of an outage; the check then stays
 * 认证中 with 已停止自动重试 on the worker's detail until an admin's 重新认证 queues a new one.
 */
export const REAL_NAME_AUTO_ATTEMPTS = 10;

/** 二要素 (name + ID number) or 三要素 (name + ID number + bank card). */
export const REAL_NAME_FACTOR_LABELS: Record<2 | 3, string> = {
  2: '二要素（姓名、身份证号）',
  3: '三要素（姓名、身份证号、银行卡）',
};

/** Why a verification was asked for. */
export const REAL_NAME_RUN_SOURCES = ['added', 'changed', 'import', 'manual'] as const;
export type TRealNameRunSource = (typeof REAL_NAME_RUN_SOURCES)[number];
export const REAL_NAME_RUN_SOURCE_LABELS: Record<TRealNameRunSource, string> = {
  added: '添加员工',
  changed: '身份或默认银行卡变更',
  import: '批量导入',
  manual: '重新认证',
};

/** 发起签约 for a selection: at most this many workers ticked at once (more: by the list's filter). */
export const AGREEMENT_SEND_MAX_WORKERS = 1_000;

/** 未签约 -> 签约中 -> 已签约 (the worker's summary; per service company and version: worker agreements). */
export const CONTRACT_STATUSES = ['unsigned', 'signing', 'signed'] as const;
export type TContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<TContractStatus, string> = {
  unsigned: '未签约',
  signing: '签约中',
  signed: '已签约',
};

export const GENDER_LABELS = { male: '男', female: '女' } as const;
export type TGender = keyof typeof GENDER_LABELS;

export const PAYOUT_CHANNELS = ['bank', 'alipay'] as const;
export type TPayoutChannel = (typeof PAYOUT_CHANNELS)[number];
export const PAYOUT_CHANNEL_LABELS: Record<TPayoutChannel, string> = { bank: '银行卡', alipay: '支付宝' };

export const WORKER_SORT_FIELDS = ['joinedAt', 'createdAt', 'name'] as const;
export type TWorkerSortField = (typeof WORKER_SORT_FIELDS)[number];

/** Worker names: Chinese characters, letters, spaces and the middle dot of transliterated names. */
export const WORKER_NAME_PATTERN = /^[\u4e00-\u9fa5·A-Za-z .]+$/;
export const JOB_TYPE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** 18 characters: 17 digits and a digit or X (the check is done by the server's id-card rule). */
export const ID_NUMBER_PATTERN = /^\d{17}[\dXx]$/;
export const BANK_CARD_PATTERN = /^\d{16,19}$/;
/** Alipay account: a mobile number or an email address. */
export const ALIPAY_ACCOUNT_PATTERN = /^(1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/** A worker agreement's states (签约, issue 43): queued for the signing job, sent, signed, failed. */
export const AGREEMENT_STATUSES = ['queued', 'signing', 'signed', 'failed'] as const;
export type TAgreementStatus = (typeof AGREEMENT_STATUSES)[number];
export const AGREEMENT_STATUS_LABELS: Record<TAgreementStatus, string> = {
  queued: '待发送',
  signing: '签约中',
  signed: '已签约',
  failed: '签约失败',
};
/** An agreement template: a PDF of at most this size. */
export const AGREEMENT_TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
