import { API, apiPath, type TAgreementServiceCompany, type TAgreementTemplate } from '@flexpay/contract/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsRequest } from '../lib/ops-request.ts';

const KEY = ['ops', 'agreementTemplates'] as const;

/** Every service company with its agreement versions (协议模板). */
export const useAgreementServiceCompanies = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => opsRequest<TAgreementServiceCompany[]>('GET', API.ops.agreementServiceCompanies),
  });

/** A template version's PDF, with the operator token. */
export const getAgreementTemplatePdf = (id: number) =>
  opsRequest<Blob>('GET', apiPath(API.ops.agreementTemplatePdf, { id }), undefined, { responseType: 'blob' });

export interface TUploadAgreementTemplate {
  serviceCompanyId: number;
  title: string;
  requiresResign: boolean;
  file: File;
}

/** 上传新版本: the PDF as multipart, the title and whether signed workers sign again in the query. */
export function useUploadAgreementTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceCompanyId, title, requiresResign, file }: TUploadAgreementTemplate) => {
      const data = new FormData();
      data.append('file', file);
      const query = new URLSearchParams({ title, requiresResign: String(requiresResign) });
      return opsRequest<TAgreementTemplate>(
        'POST',
        `${apiPath(API.ops.agreementTemplates, { id: serviceCompanyId })}?${query.toString()}`,
        data,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
