/** The worker import template: the data sheet with an example row, and the instructions. */
import { DICTIONARIES, IMPORT_MAX_ROWS } from '@flexpay/contract';
import { luhnCheckDigit } from '../../../lib/bank-card.ts';
import type { XlsxWriter } from '../../../lib/spreadsheet.ts';
import { EXAMPLE_ID_NUMBER, IMPORT_COLUMN_KEYS, IMPORT_COLUMNS, templateHeader } from './rows.ts';

const TEMPLATE_NOTES: Record<(typeof IMPORT_COLUMN_KEYS)[number], string> = {
  name: '中文、字母、空格或“·”，最多 50 个字符',
  idNumber: '18 位居民身份证号，末位可为 X；同一企业内不能重复',
  mobile: '11 位手机号',
  jobTypeCode: '可不填；填写时须为本企业已启用工种的编码（见下方列表）',
  joinedAt: '格式 YYYY-MM-DD，例如 2026-01-05；不能早于出生日期',
  remark: '最多 200 个字符',
  bankName: '填写银行卡时必填，须为下方列出的银行名称',
  cardNumber: '16-19 位数字；填写银行卡时必填',
  branch: '可不填，最多 100 个字符',
  alipay: '手机号或邮箱；银行卡和支付宝只能填写一个，填写的账户将设为默认收款账户',
};

export function writeTemplate(writer: XlsxWriter, jobTypes: { code: string; name: string }[]) {
  const data = writer.addSheet(
    '员工信息',
    IMPORT_COLUMN_KEYS.map((key) => ({
      header: templateHeader(key),
      width: key === 'idNumber' || key === 'cardNumber' || key === 'alipay' ? 24 : 14,
      // Long digit strings stay exact only as text.
      text: key !== 'remark',
    })),
  );
  const cardBody = '622202123456789012';
  const example: Record<(typeof IMPORT_COLUMN_KEYS)[number], string> = {
    name: '张三',
    idNumber: EXAMPLE_ID_NUMBER,
    mobile: '13800138000',
    jobTypeCode: jobTypes[0]?.code ?? '',
    joinedAt: '2026-01-05',
    remark: '示例行，导入前请删除',
    bankName: DICTIONARIES.bank[0]?.label ?? '',
    cardNumber: cardBody + luhnCheckDigit(cardBody),
    branch: '北京分行营业部',
    alipay: '',
  };
  data.addRow(IMPORT_COLUMN_KEYS.map((key) => example[key]));

  const guide = writer.addSheet('填写说明', [
    { header: '列名', width: 14 },
    { header: '是否必填', width: 10 },
    { header: '填写说明', width: 70 },
  ]);
  for (const key of IMPORT_COLUMN_KEYS) {
    guide.addRow([IMPORT_COLUMNS[key].header, IMPORT_COLUMNS[key].required ? '必填' : '选填', TEMPLATE_NOTES[key]]);
  }
  guide.addRow([]);
  guide.addRow(['注意事项', '', `第 2 行为示例，导入前请删除；每个文件最多 ${IMPORT_MAX_ROWS} 行数据。`]);
  guide.addRow(['', '', '只读取第一个工作表；表头请保持第 1 行不变。身份证号、银行卡号请以文本格式填写。']);
  guide.addRow(['', '', '任何一行有误时整个文件都不会导入：请按错误报告修正后重新上传。']);
  guide.addRow([]);
  guide.addRow(['可用工种编码', '编码', '工种名称']);
  if (!jobTypes.length) guide.addRow(['', '', '本企业暂无启用的工种，工种编码请留空']);
  for (const t of jobTypes) guide.addRow(['', t.code, t.name]);
  guide.addRow([]);
  guide.addRow(['开户银行', '代码', '银行名称']);
  for (const b of DICTIONARIES.bank) guide.addRow(['', b.value, b.label]);
}
