import { API, type TCreateDepartmentBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { invalidateOrganization } from './invalidate-organization.ts';

export function createDepartment(body: TCreateDepartmentBody): Promise<{ id: number }> {
  return request<{ id: number }>('POST', API.organization.create, body);
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDepartment, onSuccess: () => invalidateOrganization(queryClient) });
}
