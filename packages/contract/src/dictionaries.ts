import { ADMIN_STATUS_LABELS, VERIFY_METHOD_LABELS } from './identity-rules.ts';
import {
  FEE_BEARER_LABELS,
  INVOICE_TYPE_LABELS,
  LEDGER_ACCOUNT_KIND_LABELS,
  LEDGER_ENTRY_TYPE_LABELS,
  TOPUP_STATUS_LABELS,
} from './money-rules.ts';

export interface TDictItem {
  value: string;
  label: string;
}

const fromLabels = (labels: Record<string, string>): TDictItem[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * Dictionaries the screens need for selects and tags (/api/admin/dataDictionary/list). Areas add
 * their own as they land.
 */
export const DICTIONARIES = {
  adminStatus: fromLabels(ADMIN_STATUS_LABELS),
  verifyMethod: fromLabels(VERIFY_METHOD_LABELS),
  companyStatus: fromLabels({ normal: '正常', frozen: '冻结' }),
  feeBearer: fromLabels(FEE_BEARER_LABELS),
  invoiceType: fromLabels(INVOICE_TYPE_LABELS),
  topupStatus: fromLabels(TOPUP_STATUS_LABELS),
  ledgerEntryType: fromLabels(LEDGER_ENTRY_TYPE_LABELS),
  ledgerAccount: fromLabels({
    available: LEDGER_ACCOUNT_KIND_LABELS.available,
    frozen: LEDGER_ACCOUNT_KIND_LABELS.frozen,
  }),
  bank: fromLabels({
    ICBC: '中国工商银行',
    ABC: '中国农业银行',
    BOC: '中国银行',
    CCB: '中国建设银行',
    BOCOM: '交通银行',
    PSBC: '中国邮政储蓄银行',
    CMB: '招商银行',
    CITIC: '中信银行',
    SPDB: '浦发银行',
    CIB: '兴业银行',
    CMBC: '中国民生银行',
    CEB: '中国光大银行',
    PAB: '平安银行',
    HXB: '华夏银行',
    GDB: '广发银行',
  }),
} as const satisfies Record<string, TDictItem[]>;

export type TDictionaryType = keyof typeof DICTIONARIES;
