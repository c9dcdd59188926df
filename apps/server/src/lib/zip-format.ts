/**
 * The parts of the zip format (APPNOTE 6.3) that zip-writer.ts writes and zip-reader.ts reads:
 * record signatures, general purpose flags and compression methods.
 */

/** Record signatures ("PK" and two bytes), as little-endian 32-bit numbers. */
export const LOCAL_HEADER = 0x04034b50;
export const CENTRAL_HEADER = 0x02014b50;
export const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
export const DATA_DESCRIPTOR = 0x08074b50;

/** General purpose flags: bit 0, encrypted; bit 3, CRC and sizes in a data descriptor after the data; bit 11, UTF-8 names. */
export const FLAG_ENCRYPTED = 0x0001;
export const FLAG_DATA_DESCRIPTOR = 0x0008;
export const FLAG_UTF8 = 0x0800;

export const METHOD_STORED = 0;
export const METHOD_DEFLATE = 8;

/** Sizes and offsets at or past this need ZIP64. */
export const UINT32_MAX = 0xffffffff;
