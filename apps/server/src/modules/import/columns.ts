/** The header row of an import sheet, read against an import kind's columns. Pure. */
import { cellText, type SheetValue } from '../../lib/sheet-reader.ts';
import type { ColumnIndex, ImportColumns } from '../../core/importer.ts';

/** The template's header text of a column: required ones are starred. */
export const templateHeaderOf = <K extends string>(columns: ImportColumns<K>, key: K) =>
  `${columns[key].header}${columns[key].required ? '*' : ''}`;

/** Header text as typed: stars, spaces and a bracketed note such as (YYYY-MM-DD) ignored. */
function normaliseHeader(value: SheetValue | undefined): string {
  return cellText(value)
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[*＊\s]/g, '');
}

/** Which column holds which field; the required columns that are missing, by their header. */
export function mapHeaderOf<K extends string>(
  spec: ImportColumns<K>,
  values: SheetValue[],
): { columns: ColumnIndex<K>; missing: string[] } {
  const keys = Object.keys(spec) as K[];
  const byHeader = new Map<string, K>(keys.map((k) => [spec[k].header, k]));
  const columns: ColumnIndex<K> = {};
  values.forEach((value, index) => {
    const key = byHeader.get(normaliseHeader(value));
    if (key && columns[key] === undefined) columns[key] = index;
  });
  const missing = keys.filter((k) => spec[k].required && columns[k] === undefined).map((k) => spec[k].header);
  return { columns, missing };
}

export const isBlankRow = (values: SheetValue[]) => values.every((v) => cellText(v) === '');
