import { sql, type SQL } from 'drizzle-orm';
import { bigint, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { contains, equals, orderOf } from './paged-query.ts';

const item = pgTable('item', {
  id: bigint('id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at').notNull(),
});
const sorts = { name: item.name, createdAt: item.createdAt };
const dialect = new PgDialect();
const render = (parts: SQL[]) => dialect.sqlToQuery(sql.join(parts, sql`, `)).sql;

describe('orderOf', () => {
  it('ends every order with the id, in the same direction as the sort key', () => {
    expect(render(orderOf({ sorts, sort: 'name', order: 'asc', id: item.id }))).toBe(
      '"item"."name" asc, "item"."id" asc',
    );
    expect(render(orderOf({ sorts, sort: 'createdAt', order: 'desc', id: item.id }))).toBe(
      '"item"."created_at" desc, "item"."id" desc',
    );
  });

  it('puts the pinned expressions first, whatever the order', () => {
    const pinned = [sql`${item.name} = 'owner' desc`];
    expect(render(orderOf({ sorts, sort: 'name', order: 'desc', pinned, id: item.id }))).toBe(
      `"item"."name" = 'owner' desc, "item"."name" desc, "item"."id" desc`,
    );
    expect(render(orderOf({ order: 'asc', pinned, id: item.id }))).toBe(
      `"item"."name" = 'owner' desc, "item"."id" asc`,
    );
  });

  it('refuses a sort key outside the whitelist, even one that slipped past the types', () => {
    const sort = 'id; drop table item' as 'name';
    expect(() => orderOf({ sorts, sort, order: 'asc', id: item.id })).toThrow(/unknown sort key/);
    // An inherited property is not a whitelisted key either.
    expect(() => orderOf({ sorts, sort: 'toString' as 'name', order: 'asc', id: item.id })).toThrow(/unknown sort key/);
    expect(() => orderOf({ sort: 'name', order: 'asc', id: item.id })).toThrow(/unknown sort key/);
  });
});

describe('filters', () => {
  it('skip empty input', () => {
    expect(contains(item.name, undefined)).toBeUndefined();
    expect(contains(item.name, '')).toBeUndefined();
    expect(equals(item.name, undefined)).toBeUndefined();
  });

  it('match typed text literally, case-insensitively unless asked', () => {
    const ci = contains(item.name, '5%_a\\');
    const cs = contains(item.name, 'A', { ignoreCase: false });
    if (!ci || !cs) throw new Error('expected conditions');
    expect(dialect.sqlToQuery(ci)).toMatchObject({ sql: '"item"."name" ilike $1', params: ['%5\\%\\_a\\\\%'] });
    expect(dialect.sqlToQuery(cs)).toMatchObject({ sql: '"item"."name" like $1', params: ['%A%'] });
  });

  it('keep a falsy value that was chosen', () => {
    const cond = equals(item.name, '');
    if (!cond) throw new Error('expected a condition');
    expect(dialect.sqlToQuery(cond)).toMatchObject({ sql: '"item"."name" = $1', params: [''] });
  });
});
