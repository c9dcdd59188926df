import { API, apiPath, type TCompanyContractDetail, type TContractSignBody } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { contractQueryOptions } from './get-contract.ts';

/**
 * 在线签署 of a 待签署 contract with the admin's code; answers the signed contract. Silent: the
 * dialog says every failure itself, a wrong code at the field and any other refusal above it.
 */
export function signContract({ id, body }: { id: number; body: TContractSignBody }): Promise<TCompanyContractDetail> {
  return request<TCompanyContractDetail>('POST', apiPath(API.contract.sign, { id }), body, { silent: true });
}

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signContract,
    onSuccess: async (signed) => {
      queryClient.setQueryData(contractQueryOptions(signed.id).queryKey, signed);
      // The lists and 企业合同's counts show the new state.
      await queryClient.invalidateQueries({ queryKey: ['contracts'] });
    },
  });
}
