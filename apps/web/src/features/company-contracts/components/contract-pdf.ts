import { API, apiPath } from '@flexpay/contract/web';

/** The contract PDF's path for the company. */
export const contractPdfUrl = (id: number) => apiPath(API.contract.pdf, { id });
