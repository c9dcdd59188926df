import { z } from 'zod';
import { IMPORT_STATUSES } from './import-rules.ts';

export * from './import-rules.ts';

/** A row's problem in an import sheet: its row number, its column's header, why. */
export const ZImportRowError = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type TImportRowError = z.infer<typeof ZImportRowError>;
export const ZImportJob = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  progress: z.number(),
  totalRows: z.number(),
  validRows: z.number(),
  errorRows: z.number(),
  insertedRows: z.number(),
  /** The first errors; the whole list is in the downloadable report. */
  errors: z.array(ZImportRowError),
  message: z.string(),
  createdAt: z.string(),
});
export type TImportJob = z.infer<typeof ZImportJob>;
