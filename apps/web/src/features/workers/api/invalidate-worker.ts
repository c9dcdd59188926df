import type { QueryClient } from '@tanstack/react-query';
import { workerQueryOptions } from './get-worker.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';

/** After a change to one worker's payout accounts: its detail, and the list (hasDefaultAccount). */
export async function invalidateWorker(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: workerQueryOptions(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
  ]);
}
