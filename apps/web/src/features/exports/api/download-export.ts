import { API, apiPath, type TExportJob } from '@flexpay/contract/web';
import { downloadBlob } from '../../../lib/download-blob.ts';

/** The file of a finished export, saved under its name. */
export function downloadExport(job: Pick<TExportJob, 'id' | 'fileName'>): Promise<void> {
  return downloadBlob(apiPath(API.export.download, { id: job.id }), job.fileName);
}
