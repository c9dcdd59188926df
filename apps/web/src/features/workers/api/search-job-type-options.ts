import type { TRemoteOptions } from '../../../lib/list-filters.ts';
import { getJobTypeOptions } from './get-job-type-options.ts';
import { getJobTypes } from './get-job-types.ts';

/** How many job types a search of the 工种 filter shows. */
export const JOB_TYPE_SEARCH_LIMIT = 20;

/**
 * The 工种 filter's options: job types whose name matches what was typed (the job type page
 * call), and the name of a type read from the URL (among all of the company's types).
 */
export const jobTypeRemoteOptions: TRemoteOptions = {
  queryKey: ['workers', 'jobTypeSearch'],
  search: async (keyword) => {
    const page = await getJobTypes({ page: 1, limit: JOB_TYPE_SEARCH_LIMIT, name: keyword || undefined });
    return page.rows.map((type) => ({ value: type.id, label: type.name }));
  },
  resolve: async (id) => {
    const type = (await getJobTypeOptions()).find((option) => option.id === id);
    return type ? { value: type.id, label: type.name } : undefined;
  },
};
