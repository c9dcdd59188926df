/**
 * Rows of cells packed for a worker thread (sheet-thread.ts): one string holding every text, a
 * code per cell and the numbers in a Float64Array. Posting them costs a copy of one string and two
 * buffers handed over without a copy, where an array of arrays would be cloned value by value on
 * the thread that reads the database.
 */
import type { CellValue } from './sheet-writer.ts';

/**
 * A batch of rows. `codes` holds, for each row, its cell count and then a code per cell: 0 an
 * empty cell (null, '' or a number that is not finite), -1 a number (the next of `numbers`), n > 0
 * a text of n UTF-16 code units (the next n of `text`).
 */
export interface PackedRows {
  rowCount: number;
  text: string;
  codes: Int32Array<ArrayBuffer>;
  numbers: Float64Array<ArrayBuffer>;
}

const NUMBER = -1;
const INITIAL_CODES = 16 * 1024;
const INITIAL_NUMBERS = 1024;

/** Packs rows as they are added; `take` answers the batch so far and starts the next. */
export class RowPacker {
  private codes = new Int32Array(INITIAL_CODES);
  private numbers = new Float64Array(INITIAL_NUMBERS);
  private texts: string[] = [];
  private codeCount = 0;
  private numberCount = 0;
  rowCount = 0;

  add(values: readonly CellValue[]): void {
    const length = values.length;
    if (this.codeCount + length + 1 > this.codes.length) this.codes = grow(this.codes, this.codeCount + length + 1);
    const codes = this.codes;
    let at = this.codeCount;
    codes[at++] = length;
    for (let i = 0; i < length; i++) {
      const value = values[i];
      if (typeof value === 'string') {
        codes[at++] = value.length;
        if (value.length) this.texts.push(value);
      } else if (typeof value === 'number' && Number.isFinite(value)) {
        codes[at++] = NUMBER;
        if (this.numberCount === this.numbers.length) this.numbers = grow(this.numbers, this.numberCount + 1);
        this.numbers[this.numberCount++] = value;
      } else {
        codes[at++] = 0;
      }
    }
    this.codeCount = at;
    this.rowCount += 1;
  }

  take(): PackedRows {
    const packed: PackedRows = {
      rowCount: this.rowCount,
      text: this.texts.join(''),
      // Copies of their own, to hand over; the packer keeps its buffers for the next batch.
      codes: this.codes.slice(0, this.codeCount),
      numbers: this.numbers.slice(0, this.numberCount),
    };
    this.texts = [];
    this.codeCount = 0;
    this.numberCount = 0;
    this.rowCount = 0;
    return packed;
  }
}

function grow<T extends Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(array: T, needed: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  bigger.set(array);
  return bigger;
}

/** The rows of a batch, each as the array it was packed from (empty cells as null). */
export function* unpackRows(packed: PackedRows): Generator<CellValue[]> {
  const { codes, numbers, text } = packed;
  let at = 0;
  let textAt = 0;
  let numberAt = 0;
  for (let r = 0; r < packed.rowCount; r++) {
    const length = codes[at++] ?? 0;
    const values = new Array<CellValue>(length);
    for (let i = 0; i < length; i++) {
      const code = codes[at++] ?? 0;
      if (code > 0) {
        values[i] = text.slice(textAt, textAt + code);
        textAt += code;
      } else if (code === NUMBER) values[i] = numbers[numberAt++] ?? null;
      else values[i] = null;
    }
    yield values;
  }
}
