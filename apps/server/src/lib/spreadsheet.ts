/**
 * The server's spreadsheet adapter: streaming writers (sheet-writer.ts) and readers
 * (sheet-reader.ts), so that no workbook is ever held in memory whole (ARCHITECTURE section 1).
 */
export * from './sheet-writer.ts';
export * from './sheet-reader.ts';
