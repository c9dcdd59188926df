/**
 * A test-only import kind for the import centre, shaped as the payroll sheet of the next areas
 * will be (a person, a key, an amount, a remark): 积分 rows of 姓名, 编号 (unique per company),
 * 金额 and 备注, inserted into `test_points`, a table the test creates. It is a definition and
 * nothing else: the centre does upload, checks (this module's `rowCheck` also runs in the check
 * thread), staging, report and commit.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../src/db/client.ts';
import { cellText } from '../../src/lib/sheet-reader.ts';
import { defineImporter, type ImportScope, type RowCheckDefinition } from '../../src/core/importer.ts';
import type { TImportRowError } from '@flexpay/contract';

export const POINT_COLUMNS = {
  name: { header: '姓名', required: true },
  code: { header: '编号', required: true },
  amount: { header: '金额', required: true },
  remark: { header: '备注', required: false },
} as const;
type PointColumn = keyof typeof POINT_COLUMNS;

export interface PointRow {
  row: number;
  code: string;
  name: string;
  cents: number;
  remark: string;
}

/** Codes the check refuses: what the check data carries to both threads. */
export interface PointCheckData {
  blockedCodes: string[];
}

export const CREATE_POINTS_TABLE = sql`create table if not exists test_points (
  company_id bigint not null,
  code varchar(20) not null,
  name varchar(50) not null,
  cents integer not null,
  remark varchar(100) not null,
  primary key (company_id, code)
)`;

const problem = (row: number, key: PointColumn, message: string): TImportRowError => ({
  row,
  field: POINT_COLUMNS[key].header,
  message,
});

export const rowCheck: RowCheckDefinition<PointCheckData, PointRow, PointColumn> = {
  create(data) {
    const blocked = new Set(data.blockedCodes);
    return (row, values, columns) => {
      const cell = (key: PointColumn) => {
        const index = columns[key];
        return index === undefined ? '' : cellText(values[index]);
      };
      const errors: TImportRowError[] = [];
      const name = cell('name');
      if (!name) errors.push(problem(row, 'name', '请填写姓名'));
      const code = cell('code').toUpperCase();
      if (!/^[A-Z0-9]{1,20}$/.test(code)) errors.push(problem(row, 'code', '编号应为 1-20 位字母或数字'));
      else if (blocked.has(code)) errors.push(problem(row, 'code', '该编号已停用'));
      const amount = cell('amount');
      const cents = /^\d{1,7}(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : NaN;
      if (!(cents > 0)) errors.push(problem(row, 'amount', '金额应为大于 0 的数字，最多两位小数'));
      const remark = cell('remark');
      const key = /^[A-Z0-9]{1,20}$/.test(code) ? code : undefined;
      if (errors.length) return { row, errors, key };
      return { row, errors, key, staged: { row, code, name, cents, remark } };
    };
  },
};

async function existingCodes(db: DbOrTx, companyId: number, codes: string[]) {
  if (!codes.length) return new Set<string>();
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select code from test_points where company_id = ${companyId}
        and code in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.code));
}

async function blockedCodes(db: DbOrTx) {
  const rows = await queryRows<{ code: string }>(db, sql`select code from test_blocked_codes`);
  return rows.map((r) => r.code);
}

export const CREATE_BLOCKED_TABLE = sql`create table if not exists test_blocked_codes (code varchar(20) primary key)`;

export const pointsImporter = defineImporter<PointRow, PointCheckData, PointColumn>({
  type: 'test-points',
  noun: '积分',
  columns: POINT_COLUMNS,
  templateFileName: '积分导入模板.xlsx',
  reportFileName: '积分导入错误报告.xlsx',
  async template() {
    return (writer) => {
      const sheet = writer.addSheet(
        '积分',
        Object.values(POINT_COLUMNS).map((c) => ({ header: c.header + (c.required ? '*' : '') })),
      );
      sheet.addRow(['张三', 'A001', '12.50', '示例']);
    };
  },
  rowCheck: { module: new URL(import.meta.url), definition: rowCheck },
  async checkData(db) {
    return { blockedCodes: await blockedCodes(db) };
  },
  duplicateInFile: (first) => ({ field: '编号', message: `与第 ${first} 行的编号重复` }),
  async checkBatch(db, scope, rows) {
    const existing = await existingCodes(
      db,
      scope.companyId,
      rows.flatMap((r) => (r.key && !r.errors.length ? [r.key] : [])),
    );
    for (const r of rows) {
      if (r.key && !r.errors.length && existing.has(r.key)) r.errors.push(problem(r.row, 'code', '该编号已存在'));
    }
  },
  async openCommit(tx, scope) {
    const blocked = new Set(await blockedCodes(tx));
    return {
      recheck(batch) {
        const index = batch.findIndex((r) => blocked.has(r.code));
        const row = batch[index];
        return row ? { index, problem: problem(row.row, 'code', '该编号已停用') } : undefined;
      },
      async insert(batch) {
        const rows = await queryRows<{ n: number }>(
          tx,
          sql`with i as (
                insert into test_points (company_id, code, name, cents, remark)
                select ${scope.companyId}::bigint, code, name, cents, remark
                from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
                  as r(code text, name text, cents int, remark text)
                returning 1)
              select count(*)::int as n from i`,
        );
        return rows[0]?.n ?? 0;
      },
    };
  },
  async findConflict(db: DbOrTx, scope: ImportScope, rows: PointRow[]) {
    const existing = await existingCodes(
      db,
      scope.companyId,
      rows.map((r) => r.code),
    );
    const first = rows.find((r) => existing.has(r.code));
    return first && problem(first.row, 'code', '该编号已存在');
  },
  conflictMessage: '有编号与已有积分重复',
});
