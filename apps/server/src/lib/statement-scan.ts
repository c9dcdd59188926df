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

/** An id's 64 bits: FNV-1a and a second multiplier over its bytes `[from, to)`. */
function keyOf(bytes: Buffer, from: number, to: number): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = from; i < to; i++) {
    const c = bytes[i] as number;
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return [a >>> 0, (b | 1) >>> 0];
}

export class StatementScan {
  private carry: Buffer = Buffer.alloc(0);
  private lineNo = 0;
  private keysA = new Uint32Array(1 << 16);
  private keysB = new Uint32Array(1 << 16);
  private used = new Uint8Array(1 << 16);
  private count = 0;
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
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!this.quoted && bytes.includes(QUOTE)) this.quoted = true;
    let start = 0;
    const buf = bytes;
    if (this.carry.length) {
      const end = bytes.indexOf(NEWLINE);
      if (end < 0) {
        this.carry = Buffer.concat([this.carry, bytes]);
        return;
      }
      this.line(Buffer.concat([this.carry, bytes.subarray(0, end)]));
      this.carry = Buffer.alloc(0);
      start = end + 1;
    }
    for (;;) {
      const end = buf.indexOf(NEWLINE, start);
      if (end < 0) break;
      this.line(buf.subarray(start, end));
      start = end + 1;
    }
    if (start < buf.length) this.carry = Buffer.from(buf.subarray(start));
  }

  /** The last line, when the file does not end with a newline. */
  end(): void {
    if (this.carry.length) this.line(this.carry);
    this.carry = Buffer.alloc(0);
  }

  /** Order ids named on more than one line. */
  duplicates(): string[] {
    return [...this.repeated];
  }

  private line(line: Buffer): void {
    this.lineNo++;
    if (this.lineNo === 1) {
      this.header = line
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .replace(/\r$/, '');
      return;
    }
    if (this.quoted) return;
    const first = line.indexOf(COMMA);
    if (first < 0) return;
    const second = line.indexOf(COMMA, first + 1);
    const to = second < 0 ? line.length : second;
    this.totals(line, to);
    const [a, b] = keyOf(line, first + 1, to);
    if (this.insert(a, b)) this.repeated.add(line.toString('latin1', first + 1, to));
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
      const [a, b] = keyOf(buf, from, to);
      if (!this.contains(a, b)) refs.push(buf.toString('utf8', from, to));
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

  /** amount,status,settled_at after the id: yuan with two decimals, and a +08:00 time on the day. */
  private totals(line: Buffer, from: number): void {
    this.lines++;
    if (!this.plain || from >= line.length) {
      this.plain = false;
      return;
    }
    const third = line.indexOf(COMMA, from + 1);
    const fourth = third < 0 ? -1 : line.indexOf(COMMA, third + 1);
    if (third < 0 || fourth < 0) {
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
    const status = line.toString('latin1', third + 1, fourth);
    const at = line.toString('latin1', fourth + 1, line[line.length - 1] === 0x0d ? line.length - 1 : line.length);
    if (this.day !== undefined && !(at.length === 29 && at.endsWith('+08:00'))) {
      this.plain = false;
      return;
    }
    if (
      fen <= 0 ||
      (status !== 'succeeded' && status !== 'failed') ||
      (this.day !== undefined && !at.startsWith(this.day))
    )
      this.bad++;
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
