import { PgDialect, pgTable, integer } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { literalLimit } from './literal-limit.ts';

const t = pgTable('t', { n: integer('n') });

describe('literalLimit', () => {
  it('writes the row count into the text, not as a parameter', () => {
    const db = drizzle.mock();
    const q = new PgDialect().sqlToQuery(db.select().from(t).limit(literalLimit(20)).getSQL());
    expect(q.sql).toMatch(/ limit 20$/);
    expect(q.params).toEqual([]);
  });

  it('refuses anything but a row count', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 60]) expect(() => literalLimit(bad)).toThrow(RangeError);
  });
});
