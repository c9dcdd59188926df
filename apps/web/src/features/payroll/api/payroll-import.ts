import { API } from '@flexpay/contract/web';
import type { TImportKind } from '../../../components/import/import-api.ts';
import { payrollQueryKeys } from './invalidate-payroll.ts';

/** The import centre's kind for one batch: its upload names the batch the rows go into. */
export function payrollImportKind(batchId: number): TImportKind {
  return {
    paths: API.payroll.import,
    uploadQuery: { subjectId: batchId },
    noun: '发放明细',
    templateFileName: '薪酬发放导入模板.xlsx',
    reportFileName: '薪酬发放导入错误报告.xlsx',
    affects: payrollQueryKeys,
  };
}
