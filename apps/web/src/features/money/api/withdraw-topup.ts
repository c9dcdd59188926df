import { API, apiPath, type TTopupDetail } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { topupQueryOptions } from './get-topup.ts';
import { topupsQueryOptions } from './get-topups.ts';

/** 撤回: a top-up that is 审批中 or 待确认 becomes 已撤回 (no money moves). */
export function withdrawTopup(id: number): Promise<TTopupDetail> {
  return request<TTopupDetail>('POST', apiPath(API.money.topupWithdraw, { id }));
}

export function useWithdrawTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawTopup,
    onSuccess: (topup) => {
      queryClient.setQueryData(topupQueryOptions(topup.id).queryKey, topup);
      return queryClient.invalidateQueries({ queryKey: topupsQueryOptions().queryKey });
    },
  });
}
