/**
 * What an export type hands the download centre (modules/export): its rows for a sheet, or its
 * files for a zip. An area registers its exporters in `registry.exporters` from its plugin.
 */
import type { CellValue, SheetColumn } from '../lib/spreadsheet.ts';
import type { ServiceContext } from './context.ts';

/** The columns, the row count at start, and rows in batches. */
export interface SheetSource {
  kind?: 'sheet';
  columns: SheetColumn[];
  total: number;
  batches: AsyncIterable<CellValue[][]>;
}

/** Or files (the PDFs of receipts) for a zip: the file count at start, and the files in batches. */
export interface ZipSource {
  kind: 'zip';
  total: number;
  files: AsyncIterable<{ name: string; data: Uint8Array; mtime?: Date }[]>;
}

export type ExportSource = SheetSource | ZipSource;

/**
 * Produces the rows of one export type for a job. `filters` are the stored filters of the job
 * (keys starting with `_` included: they are the exporter's own and never shown).
 */
export type Exporter = (
  ctx: ServiceContext,
  job: { companyId: number; filters: Record<string, unknown> },
) => Promise<ExportSource>;

/** A failure whose message is for the admin (the download centre shows it). */
export class ExportFailure extends Error {
  override name = 'ExportFailure';
}
