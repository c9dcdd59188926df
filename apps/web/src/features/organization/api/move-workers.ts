import { API, type TMoveWorkersBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateOrganization } from './invalidate-organization.ts';

export function moveWorkers(body: TMoveWorkersBody): Promise<{ moved: number }> {
  return request<{ moved: number }>('POST', API.organization.moveWorkers, body);
}

export function useMoveWorkers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveWorkers, onSuccess: () => invalidateOrganization(queryClient) });
}
