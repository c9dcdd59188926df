import { z } from 'zod';
import { ZPageQuery } from './envelope.ts';
import { EXPORT_STATUSES } from './export-rules.ts';

export * from './export-rules.ts';

/** A job of the download centre (下载中心), whatever its export type. */
export const ZExportJob = z.object({
  id: z.string(),
  type: z.string(),
  typeName: z.string(),
  status: z.enum(EXPORT_STATUSES),
  progress: z.number(),
  rowCount: z.number(),
  fileSize: z.number(),
  fileName: z.string(),
  error: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** Filters the export was asked with, as shown to the admin. */
  filters: z.record(z.string(), z.unknown()),
});
export type TExportJob = z.infer<typeof ZExportJob>;
export const ZExportQuery = ZPageQuery.extend({ status: z.enum(EXPORT_STATUSES).optional() });
