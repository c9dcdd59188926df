import { API } from '@flexpay/contract/web';
import type { TImportKind } from '../../../components/import/import-api.ts';
import { realNameRunsQueryOptions } from './get-real-name-runs.ts';
import { jobTypesQueryOptions } from './get-job-types.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';

/** 批量导入员工 in the shared import drawer. */
export const WORKER_IMPORT: TImportKind = {
  paths: API.worker.import,
  noun: '员工',
  templateFileName: '员工导入模板.xlsx',
  reportFileName: '员工导入错误报告.xlsx',
  // The list, and the job types' worker counts.
  // The imported workers are verified in the background: the progress of their run too.
  affects: () => [workersQueryOptions().queryKey, jobTypesQueryOptions().queryKey, realNameRunsQueryOptions().queryKey],
};
