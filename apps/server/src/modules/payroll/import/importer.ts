/**
 * 导入发放明细 as an import centre definition: a sheet's rows become items of the batch named on
 * upload (Importer.subject). Duplicates within the sheet are not refused here: the check (核对)
 * reports them per item, with every other reason, so one upload shows everything to fix.
 */
import { templateHeaderOf } from '../../import/columns.ts';
import { defineImporter } from '../../../core/importer.ts';
import { assertBatchTakesItems, openBatchForItems } from '../batches/service.ts';
import { EXAMPLE_ID_NUMBER, PAYROLL_COLUMNS, rowCheck, type PayrollCheckData, type StagedItem } from './rows.ts';
import { growthTracker } from '../../../db/statistics.ts';

const KEYS = Object.keys(PAYROLL_COLUMNS) as (keyof typeof PAYROLL_COLUMNS)[];
const NOTES: Record<(typeof KEYS)[number], string> = {
  name: '员工姓名，须与身份证号登记的姓名一致',
  idNumber: '18 位居民身份证号（文本格式），须为本企业已登记的员工',
  amount: '应发金额，单位元，最多两位小数；须在服务商单笔限额内',
  remark: '可不填，最多 200 个字符',
};

export const payrollImporter = defineImporter<StagedItem, PayrollCheckData, keyof typeof PAYROLL_COLUMNS>({
  type: 'payroll_items',
  noun: '发放明细',
  columns: PAYROLL_COLUMNS,
  templateFileName: '薪酬发放导入模板.xlsx',
  reportFileName: '薪酬发放导入错误报告.xlsx',
  subject: {
    assertOpen: (db, scope) => assertBatchTakesItems(db, scope.companyId, scope.subjectId),
  },

  async template() {
    return (writer) => {
      const data = writer.addSheet(
        '发放明细',
        KEYS.map((key) => ({
          header: key === 'amount' ? '金额（元）*' : templateHeaderOf(PAYROLL_COLUMNS, key),
          width: key === 'idNumber' ? 24 : 16,
          text: key !== 'amount',
        })),
      );
      data.addRow(['张三', EXAMPLE_ID_NUMBER, 3000, '示例行，导入前请删除']);
      const guide = writer.addSheet('填写说明', [
        { header: '列名', width: 14 },
        { header: '是否必填', width: 10 },
        { header: '填写说明', width: 70 },
      ]);
      for (const key of KEYS) {
        guide.addRow([
          key === 'amount' ? '金额（元）' : PAYROLL_COLUMNS[key].header,
          PAYROLL_COLUMNS[key].required ? '必填' : '选填',
          NOTES[key],
        ]);
      }
      guide.addRow([]);
      guide.addRow(['注意事项', '', '第 2 行为示例，导入前请删除；每个文件最多 100000 行数据。']);
      guide.addRow(['', '', '文件格式有误的行会列在错误报告中，整个文件都不会导入；修正后重新上传。']);
      guide.addRow(['', '', '导入后系统逐条核对员工、收款账户与限额，未通过的明细可在“核对明细”中修改或删除。']);
    };
  },

  rowCheck: { module: new URL('./rows.ts', import.meta.url), definition: rowCheck },

  async checkData(_db, _scope, today) {
    return { today: today.getTime() };
  },

  async openCommit(tx, scope) {
    if (scope.subjectId === null) throw new Error('payroll import without its batch');
    const open = await openBatchForItems(tx, scope.companyId, scope.subjectId);
    const planner = growthTracker(tx, ['payroll_item']);
    const batchId = open.row.id;
    // 序号 in the sheet's order after the batch's earlier items, without gaps (blank rows skipped).
    let next = open.nextRowNo;
    return {
      insert(batch) {
        const values = batch.map((r) => ({
          companyId: scope.companyId,
          batchId,
          rowNo: next++,
          name: r.name,
          idNumberHash: r.idNumberHash,
          idNumberMasked: r.idNumberMasked,
          amountFen: r.amountFen,
          remark: r.remark,
        }));
        // The items' statistics kept up as the commit grows the table (ADR 0016).
        return open.insert(values).then(async (n) => {
          await planner.wrote({ payroll_item: n });
          return n;
        });
      },
      finish: () => open.finish(),
    };
  },

  // Items have no unique key: an insert never conflicts.
  async findConflict() {
    return undefined;
  },
  conflictMessage: '发放明细写入冲突',
});
