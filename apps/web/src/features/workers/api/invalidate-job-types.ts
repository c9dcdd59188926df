import type { QueryClient } from '@tanstack/react-query';
import { jobTypeOptionsQueryOptions } from './get-job-type-options.ts';
import { jobTypesQueryOptions } from './get-job-types.ts';
import { workerQueryOptions } from './get-worker.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';
import { jobTypeRemoteOptions } from './search-job-type-options.ts';

/** After a job type changes: its pages, the selects and the 工种 filter, and the workers that show its name. */
export async function invalidateJobTypes(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: jobTypesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: jobTypeOptionsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: jobTypeRemoteOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: workerQueryOptions().queryKey }),
  ]);
}
