import { downloadBlob } from '../../../lib/download-blob.ts';

/** The xlsx template of 批量导入. */
export function downloadImportTemplate(): Promise<void> {
  return downloadBlob('/api/companystaff/employee/import/template', '员工导入模板.xlsx');
}
