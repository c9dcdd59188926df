import type { QueryClient } from '@tanstack/react-query';
import { workersQueryOptions } from '../../../api/get-workers.ts';
import { departmentTreeQueryOptions } from './get-department-tree.ts';

/**
 * After a change of the tree or of who is where: the tree (names, order, head counts), the
 * worker pages (their 部门 column and department filters) and every department option list.
 */
export function invalidateOrganization(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: departmentTreeQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['workers', 'departmentOptions'] }),
  ]);
}
