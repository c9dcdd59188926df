import type { QueryClient } from '@tanstack/react-query';

/**
 * After a task mutation: every task read (lists, counts, details, assignments, the workbench and
 * 任务确认) refreshes; they all live under the `tasks` key.
 */
export async function invalidateTasks(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['tasks'] });
}
