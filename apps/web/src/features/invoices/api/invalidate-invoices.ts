import type { QueryClient } from '@tanstack/react-query';

/** After an invoice mutation: every invoice read (infos, amounts, batches, records) refreshes. */
export async function invalidateInvoices(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['invoices'] });
}
