import { API, type TAgreementSendBody, type TAgreementSendResult } from '@flexpay/contract/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { workersQueryOptions } from '../../../api/get-workers.ts';
import { agreementsQueryOptions } from './get-agreements.ts';
import { workerQueryOptions } from './get-worker.ts';

/** 发起签约: one worker, a selection or all matching the list's filter; sent by a job. */
export function sendAgreements(body: TAgreementSendBody): Promise<TAgreementSendResult> {
  return request<TAgreementSendResult>('POST', API.worker.agreementSend, body);
}

export function useSendAgreements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAgreements,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agreementsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: workerQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
      ]);
    },
  });
}
