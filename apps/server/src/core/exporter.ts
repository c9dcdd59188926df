/**
 * What an export type hands the download centre (modules/export): its rows for a sheet, or its
 * files for a zip (the `Exporter` that makes them is typed in context.ts). An area registers its
 * exporters in `registry.exporters` from its plugin.
 */
import type { CellValue, SheetColumn } from '../lib/spreadsheet.ts';

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

/** A failure whose message is for the admin (the download centre shows it). */
export class ExportFailure extends Error {
  override name = 'ExportFailure';
}
