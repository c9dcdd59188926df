import { downloadBlob } from '../../../lib/download-blob.ts';

/** Every error of an import job, with row numbers and reasons. */
export function downloadImportReport(id: string): Promise<void> {
  return downloadBlob(`/api/companystaff/employee/import/${encodeURIComponent(id)}/report`, '员工导入错误报告.xlsx');
}
