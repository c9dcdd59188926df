/**
 * 对账: what a payout statement's bytes say as they stream past (issue 42, ADR 0030): its header
 * line and the order ids (the second CSV field) that may appear on more than one line. Reads
 * bytes, never the whole file, and keeps no string per line: each id is hashed twice (FNV-1a
 * and a second multiplier, 64 bits in all) into an open-addressing table of typed arrays, so a
 * million lines cost about 16 MB and no allocation. Two ids with the same 64 bits are reported
 * as repeated too (about one chance in 10^7 a day): a repeated id is only looked at more
 * closely, so a false one is matched all the same. A statement with a quote anywhere is
 * `quoted`: its fields may hold commas, so the duplicates are left to SQL. Pure.
 */
const NEWLINE = 0x0a;
const COMMA = 0x2c;
const QUOTE = 0x22;

const BEIJING_OFFSET = '+08:00';

/** The first comma in bytes `[from, end)`, or `end`. */
function commaAfter(bytes: Buffer, from: number, end: number): number {
  let i = from;
  while (i < end && bytes[i] !== COMMA) i++;
  return i;
}

/** Whether the bytes at `at` are `text` (ASCII). */
function sameAscii(bytes: Buffer, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

export class StatementScan {
  private carry: Buffer = Buffer.alloc(0);
  private lineNo = 0;
  private keysA = new Uint32Array(1 << 16);
  private keysB = new Uint32Array(1 << 16);
  private used = new Uint8Array(1 << 16);
  private count = 0;
  private keyA = 0;
  private keyB = 0;
  private readonly repeated = new Set<string>();
  header = '';
  quoted = false;
  /** Data lines, the sum of their amounts (fen), and lines outside the day or with no valid amount or status. */
  lines = 0;
  fen = 0;
  bad = 0;
  /** False when a line's amount or time was not in the provider's plain form: the totals are left to SQL. */
  plain = true;

  /** `day` (YYYY-MM-DD, Beijing): lines whose settle time is not on it count as bad. */
  constructor(private readonly day?: string) {}

  update(chunk: Uint8Array): void {
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!this.quoted && buf.includes(QUOTE)) this.quoted = true;
    let start = 0;
    if (this.carry.length) {
      const end = buf.indexOf(NEWLINE);
      if (end < 0) {
        this.carry = Buffer.concat([this.carry, buf]);
        return;
      }
      const joined = Buffer.concat([this.carry, buf.subarray(0, end)]);
      this.line(joined, 0, joined.length);
      this.carry = Buffer.alloc(0);
      start = end + 1;
    }
    for (;;) {
      const end = buf.indexOf(NEWLINE, start);
      if (end < 0) break;
      this.line(buf, start, end);
      start = end + 1;
    }
    if (start < buf.length) this.carry = Buffer.from(buf.subarray(start));
  }

  /** The last line, when the file does not end with a newline. */
  end(): void {
    if (this.carry.length) this.line(this.carry, 0, this.carry.length);
    this.carry = Buffer.alloc(0);
  }

  /** Order ids named on more than one line. */
  duplicates(): string[] {
    return [...this.repeated];
  }

  /**
   * One line, bytes `[start, end)` of `buf`: read in place, byte by byte (no slice, no string
   * unless the id is repeated), a million lines a statement.
   */
  private line(buf: Buffer, start: number, end: number): void {
    this.lineNo++;
    if (this.lineNo === 1) {
      this.header = buf
        .toString('utf8', start, end)
        .replace(/^\uFEFF/, '')
        .replace(/\r$/, '');
      return;
    }
    if (this.quoted) return;
    const first = commaAfter(buf, start, end);
    if (first >= end) return;
    const to = commaAfter(buf, first + 1, end);
    this.totals(buf, to, end);
    this.key(buf, first + 1, to);
    if (this.insert(this.keyA, this.keyB)) this.repeated.add(buf.toString('latin1', first + 1, to));
  }

  /** The id's 64 bits, FNV-1a and a second multiplier over bytes `[from, to)`, into keyA and keyB. */
  private key(bytes: Buffer, from: number, to: number): void {
    let a = 0x811c9dc5;
    let b = 0x9e3779b9;
    for (let i = from; i < to; i++) {
      const c = bytes[i] as number;
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
    }
    this.keyA = a >>> 0;
    this.keyB = (b | 1) >>> 0;
  }

  /**
   * Whether the id table can answer `unnamed`: every line was read for its id (none quoted).
   */
  get named(): boolean {
    return !this.quoted && this.lineNo > 0;
  }

  /**
   * Reads ids, one a line (COPY's text output of one column), and answers how many there were
   * and those no line of the statement named, up to `limit + 1` of them. Kept as bytes until one
   * is found missing. Two ids with the same 64 bits would count as named: the caller compares
   * the count found with the count it expects and asks SQL when they differ.
   */
  async unnamed(source: AsyncIterable<Uint8Array>, limit: number): Promise<{ count: number; refs: string[] }> {
    let count = 0;
    const refs: string[] = [];
    let carry: Buffer = Buffer.alloc(0);
    const take = (buf: Buffer, from: number, to: number) => {
      count++;
      if (refs.length > limit) return;
      this.key(buf, from, to);
      if (!this.contains(this.keyA, this.keyB)) refs.push(buf.toString('utf8', from, to));
    };
    for await (const chunk of source) {
      let buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (carry.length) buf = Buffer.concat([carry, buf]);
      let start = 0;
      for (let end = buf.indexOf(NEWLINE); end >= 0; end = buf.indexOf(NEWLINE, start)) {
        take(buf, start, end);
        start = end + 1;
      }
      carry = Buffer.from(buf.subarray(start));
    }
    if (carry.length) take(carry, 0, carry.length);
    return { count, refs };
  }

  private contains(a: number, b: number): boolean {
    const mask = this.used.length - 1;
    for (let slot = a & mask; this.used[slot]; slot = (slot + 1) & mask) {
      if (this.keysA[slot] === a && this.keysB[slot] === b) return true;
    }
    return false;
  }

  /** amount,status,settled_at after the id (from the comma at `from`): yuan with two decimals, and a +08:00 time on the day. */
  private totals(line: Buffer, from: number, end: number): void {
    this.lines++;
    if (!this.plain || from >= end) {
      this.plain = false;
      return;
    }
    const third = commaAfter(line, from + 1, end);
    const fourth = third >= end ? end : commaAfter(line, third + 1, end);
    if (third >= end || fourth >= end) {
      this.plain = false;
      return;
    }
    // Yuan with two decimals, as the provider writes it: digits '.' digit digit.
    let fen = 0;
    const dot = third - 3;
    if (dot <= from + 1 || line[dot] !== 0x2e) {
      this.plain = false;
      return;
    }
    for (let i = from + 1; i < third; i++) {
      if (i === dot) continue;
      const d = (line[i] as number) - 0x30;
      if (d < 0 || d > 9) {
        this.plain = false;
        return;
      }
      fen = fen * 10 + d;
    }
    this.fen += fen;
    const atStart = fourth + 1;
    const atEnd = line[end - 1] === 0x0d ? end - 1 : end;
    if (this.day !== undefined && !(atEnd - atStart === 29 && sameAscii(line, atEnd - 6, BEIJING_OFFSET))) {
      this.plain = false;
      return;
    }
    const status = third + 1;
    const knownStatus =
      (fourth - status === 9 && sameAscii(line, status, 'succeeded')) ||
      (fourth - status === 6 && sameAscii(line, status, 'failed'));
    if (fen <= 0 || !knownStatus || (this.day !== undefined && !sameAscii(line, atStart, this.day))) this.bad++;
  }

  /** Adds a key; answers whether it was there. The table doubles past half full. */
  private insert(a: number, b: number): boolean {
    const mask = this.used.length - 1;
    for (let slot = a & mask; ; slot = (slot + 1) & mask) {
      if (!this.used[slot]) {
        this.used[slot] = 1;
        this.keysA[slot] = a;
        this.keysB[slot] = b;
        if (++this.count * 2 > this.used.length) this.grow();
        return false;
      }
      if (this.keysA[slot] === a && this.keysB[slot] === b) return true;
    }
  }

  private grow(): void {
    const [keysA, keysB, used] = [this.keysA, this.keysB, this.used];
    this.keysA = new Uint32Array(used.length * 2);
    this.keysB = new Uint32Array(used.length * 2);
    this.used = new Uint8Array(used.length * 2);
    this.count = 0;
    for (let i = 0; i < used.length; i++) if (used[i]) this.insert(keysA[i] as number, keysB[i] as number);
  }
}
