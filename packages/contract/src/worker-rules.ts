/** Worker rules and labels without zod, for the web bundle (see web.ts). DOMAIN section 3. */

export const WORKER_STATUSES = ['active', 'left'] as const;
export type TWorkerStatus = (typeof WORKER_STATUSES)[number];
export const WORKER_STATUS_LABELS: Record<TWorkerStatus, string> = { active: '在职', left: '离职' };

export const REAL_NAME_STATUSES = ['unverified', 'verified', 'failed'] as const;
export type TRealNameStatus = (typeof REAL_NAME_STATUSES)[number];
export const REAL_NAME_STATUS_LABELS: Record<TRealNameStatus, string> = {
  unverified: '未认证',
  verified: '已认证',
  failed: '认证失败',
};

export const CONTRACT_STATUSES = ['unsigned', 'signed'] as const;
export type TContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<TContractStatus, string> = { unsigned: '未签约', signed: '已签约' };

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
