import { describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../lib/bank-card.ts';
import { createFieldCipher } from '../../lib/crypto.ts';
import { idCardCheckChar } from '../../lib/id-card.ts';
import type { SheetRow } from '../../lib/sheet-reader.ts';
import { mapHeader, rowCheck, type StagedRow, type WorkerCheckData } from '../worker/import/rows.ts';
import { type CheckedBatch, checkRows, createRowChecker } from './row-checker.ts';

const KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY';
const cipher = createFieldCipher(KEY);
const today = new Date('2026-01-01T00:00:00Z');
const jobTypes = [
  { id: 9, code: 'QA', enabled: true },
  { id: 10, code: 'OFF', enabled: false },
];
// The worker import's row check, the heaviest there is (ID card rules, hashing, encryption).
const data: WorkerCheckData = { companyId: 1, today: today.getTime(), jobTypes };
const check = rowCheck.create(data, cipher);
const rowCheckModule = new URL('../worker/import/rows.ts', import.meta.url).href;
const { columns } = mapHeader(['姓名', '身份证号', '手机号', '工种编码', '入职日期', '备注', '开户银行', '银行卡号']);

/** Rows of every kind: good ones with a card, bad mobiles, a disabled job type, a bad ID number. */
function sheetRows(count: number): SheetRow[] {
  return Array.from({ length: count }, (_, i) => {
    const first17 = `3101151988${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(i % 1000).padStart(3, '0')}`;
    const id =
      i % 97 === 5
        ? `${first17}0`.replace(/.$/, idCardCheckChar(first17) === '1' ? '2' : '1')
        : first17 + idCardCheckChar(first17);
    const card = `622848${String(i).padStart(10, '0')}`;
    return {
      row: i + 2,
      values: [
        `员工${'甲乙丙'[i % 3]}`,
        id,
        i % 50 === 7 ? '123' : `139${String(i).padStart(8, '0')}`,
        i % 61 === 3 ? 'OFF' : 'qa',
        '2025-06-01',
        i % 2 ? `备注 "${i}" \\ {,}` : '',
        '中国工商银行',
        card + luhnCheckDigit(card),
      ],
    };
  });
}

/** What checked batches say, with the ciphertexts (random IVs) decrypted. */
function comparable(batches: CheckedBatch[]) {
  const results = batches.flatMap((b) => b.results);
  const decoder = new TextDecoder();
  const lines = batches.flatMap((b) => decoder.decode(b.staged).split('\n').filter(Boolean));
  const staged = lines.map((line) => {
    const row = JSON.parse(line) as StagedRow;
    const account = row.account?.channel === 'bank' ? row.account.values : undefined;
    return {
      ...row,
      worker: { ...row.worker, idNumberEnc: cipher.decrypt(row.worker.idNumberEnc) },
      account: account && { ...account, cardNumberEnc: cipher.decrypt(account.cardNumberEnc) },
    };
  });
  return { results, staged };
}

describe('row checker', () => {
  it('checks rows on a second thread exactly as on this one, batches answered in order', async () => {
    const rows = sheetRows(3000);
    const expected = comparable([checkRows(check, rows, columns)]);
    expect(expected.results.filter((r) => r.errors.length).length).toBeGreaterThan(50);
    // Every row without error, and only those, has its staged line, in order.
    expect(expected.staged.map((s) => s.row)).toEqual(
      expected.results.filter((r) => !r.errors.length).map((r) => r.row),
    );

    const checker = createRowChecker({
      check,
      thread: { encryptionKey: KEY, module: rowCheckModule, data },
    });
    try {
      expect(await checker.ready()).toBe(true);
      const batches: Promise<CheckedBatch>[] = [];
      for (let i = 0; i < rows.length; i += 250) batches.push(checker.check(rows.slice(i, i + 250), columns));
      expect(comparable(await Promise.all(batches))).toEqual(expected);
      // Both threads took a share: the second one while it had room, this one meanwhile.
      expect(checker.counts.thread).toBeGreaterThan(0);
      expect(checker.counts.here).toBeGreaterThan(0);
      expect(checker.counts.thread + checker.counts.here).toBe(rows.length);
    } finally {
      await checker.close();
    }
  });

  it('checks every row here when the thread cannot start', async () => {
    const errors: unknown[] = [];
    const checker = createRowChecker({
      check,
      thread: { encryptionKey: 'too-short', module: rowCheckModule, data },
      onThreadError: (err) => errors.push(err),
    });
    try {
      expect(await checker.ready()).toBe(false);
      const rows = sheetRows(300);
      const checked = await checker.check(rows, columns);
      expect(comparable([checked])).toEqual(comparable([checkRows(check, rows, columns)]));
      expect(checker.counts).toEqual({ thread: 0, here: 300 });
      expect(errors).toHaveLength(1);
    } finally {
      await checker.close();
    }
  });
});
