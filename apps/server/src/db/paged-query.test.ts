import { PGlite } from '@electric-sql/pglite';
import { eq, getTableName, getViewName, is, sql, type SQL } from 'drizzle-orm';
import { alias, bigint, PgDialect, PgTable, pgTable, pgView, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Db } from './client.ts';
import {
  contains,
  countJoins,
  equals,
  orderOf,
  pagedQuery,
  startsWith,
  type PagedJoin,
  type PagedRow,
  type SortOrder,
} from './paged-query.ts';

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

describe('startsWith', () => {
  it('skips empty input', () => {
    expect(startsWith(item.name, undefined)).toBeUndefined();
    expect(startsWith(item.name, '')).toBeUndefined();
  });

  it('matches typed text literally at the start, case-sensitively unless asked', () => {
    const cs = startsWith(item.name, '5%_a\\');
    const ci = startsWith(item.name, 'A', { ignoreCase: true });
    if (!ci || !cs) throw new Error('expected conditions');
    // A byte range of text_pattern_ops comparisons, not ILIKE: the form a `text_pattern_ops` index
    // serves, under row-level security too (LIKE is not leakproof); `%` and `_` are plain there.
    expect(dialect.sqlToQuery(cs)).toMatchObject({
      sql: '(("item"."name")::text ~>=~ $1 and ("item"."name")::text ~<~ $2)',
      params: ['5%_a\\', '5%_a]'],
    });
    expect(dialect.sqlToQuery(ci)).toMatchObject({ sql: '"item"."name" ilike $1', params: ['A%'] });
  });
});

// ── Joins ──────────────────────────────────────────────────────────────────────────────────────

const owner = pgTable('owner', {
  id: bigint('id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
});
const tag = pgTable('tag', {
  id: bigint('id', { mode: 'number' }).notNull(),
  label: text('label').notNull(),
});
/** A thing: its owner always (NOT NULL key), a tag sometimes. */
const thing = pgTable('thing', {
  id: bigint('id', { mode: 'number' }).notNull(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  tagId: bigint('tag_id', { mode: 'number' }),
  title: text('title').notNull(),
});

const ownerJoin = { table: owner, on: eq(owner.id, thing.ownerId), type: 'inner', exactlyOne: true } as const;
const tagJoin = { table: tag, on: eq(tag.id, thing.tagId), type: 'left' } as const;
const joinedNames = (joins: PagedJoin[]) =>
  joins.map((j) => (is(j.table, PgTable) ? getTableName(j.table) : getViewName(j.table)));

describe('countJoins', () => {
  const plainOwner = { table: owner, on: eq(owner.id, thing.ownerId), type: 'inner' } as const;

  it('leaves out a left join and an exactlyOne inner join that no filter names', () => {
    expect(joinedNames(countJoins([ownerJoin, tagJoin], sql`${thing.title} = 'x'`))).toEqual([]);
    expect(joinedNames(countJoins([ownerJoin, tagJoin], undefined))).toEqual([]);
  });

  it('keeps an inner join that may drop rows, whatever the filters', () => {
    expect(joinedNames(countJoins([plainOwner, tagJoin], undefined))).toEqual(['owner']);
  });

  it('keeps a join whose table a filter names, in a column, a subquery or raw SQL', () => {
    expect(joinedNames(countJoins([ownerJoin, tagJoin], eq(tag.label, 'red')))).toEqual(['tag']);
    expect(joinedNames(countJoins([ownerJoin, tagJoin], startsWith(owner.name, 'A')))).toEqual(['owner']);
    expect(
      joinedNames(countJoins([ownerJoin, tagJoin], sql`exists (select 1 from ${tag} where ${tag.id} = 1)`)),
    ).toEqual(['tag']);
    expect(joinedNames(countJoins([ownerJoin, tagJoin], sql.raw('tag.label is not null')))).toEqual(['tag']);
  });

  it('is not misled by a column named like the table (owner_id is not owner)', () => {
    expect(joinedNames(countJoins([ownerJoin], eq(thing.ownerId, 1)))).toEqual([]);
  });

  it('keeps a join that a kept join meets through', () => {
    const tagOwner = alias(owner, 'tag_owner');
    const viaTag = { table: tagOwner, on: eq(tagOwner.id, tag.id), type: 'inner' } as const;
    expect(joinedNames(countJoins([ownerJoin, tagJoin, viaTag], undefined))).toEqual(['tag', 'tag_owner']);
  });
});

describe('pagedQuery with joins (PGlite)', () => {
  let client: PGlite;
  let db: Db;
  const counts: string[] = [];

  const owners = ['Ann', 'ann', 'Andy', '50%off', '5000', 'a_b', 'axb', 'c\\d', 'cd', 'Bob'];
  const tags = ['red', 'blue'];
  // 60 things: owners in turn, a tag on two of three, titles that sort differently from the ids.
  const things = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    ownerId: (i % owners.length) + 1,
    tagId: i % 3 === 2 ? null : (i % tags.length) + 1,
    title: `t${String((i * 7) % 13).padStart(2, '0')}`,
  }));
  const ownerOf = (t: (typeof things)[number]) => owners[t.ownerId - 1] ?? '';
  const tagOf = (t: (typeof things)[number]) => (t.tagId === null ? null : (tags[t.tagId - 1] ?? null));

  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle(client, {
      logger: { logQuery: (query) => void (query.startsWith('select count') && counts.push(query)) },
    }) as unknown as Db;
    await client.exec(`
      create table owner (id bigint primary key, name text not null);
      create table tag (id bigint primary key, label text not null);
      create table thing (id bigint primary key, owner_id bigint not null references owner, tag_id bigint references tag,
                          title text not null);
      create view owner_card as select id, name from owner;`);
    await db.insert(owner).values(owners.map((name, i) => ({ id: i + 1, name })));
    await db.insert(tag).values(tags.map((label, i) => ({ id: i + 1, label })));
    await db.insert(thing).values(things);
  });
  afterAll(() => client.close());

  const select = { id: thing.id, title: thing.title, ownerName: owner.name, tag: { label: tag.label } };
  const joins = [ownerJoin, tagJoin] as const;
  const list = (where: (SQL | undefined)[], limit = 4) => ({
    from: thing,
    select,
    joins,
    where,
    sorts: { title: thing.title, owner: owner.name },
    sort: 'title' as 'title' | 'owner',
    order: 'asc' as SortOrder,
    id: thing.id,
    page: 1,
    limit,
  });

  /** Every page of the list until an empty one: the rows in order, and each page's total. */
  async function allPages(q: ReturnType<typeof list>) {
    const rows: PagedRow<typeof thing, typeof select, typeof joins>[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page++) {
      const result = await pagedQuery(db, { ...q, page });
      totals.add(result.total);
      if (!result.rows.length) break;
      rows.push(...result.rows);
    }
    return { rows, totals: [...totals] };
  }

  it('types a left-joined table as nullable, the from table and inner joins not', async () => {
    const { rows } = await pagedQuery(db, list([]));
    expectTypeOf(rows[0]!).toEqualTypeOf<{
      id: number;
      title: string;
      ownerName: string;
      tag: { label: string } | null;
    }>();
    // A thing without a tag reads a null tag, not a tag of nulls.
    const untagged = await pagedQuery(db, { ...list([eq(thing.id, 3)]) });
    expect(untagged.rows).toEqual([{ id: 3, title: things[2]?.title, ownerName: owners[2], tag: null }]);
  });

  it('filters on a joined table, and its count is the rows over all pages', async () => {
    counts.length = 0;
    const { rows, totals } = await allPages(list([startsWith(owner.name, 'A'), eq(tag.label, 'red')]));
    const expected = things
      .filter((t) => ownerOf(t).startsWith('A') && tagOf(t) === 'red')
      .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id)
      .map((t) => t.id);
    expect(expected.length).toBeGreaterThan(4);
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(totals).toEqual([expected.length]);
    for (const r of rows) expect([r.ownerName.slice(0, 1), r.tag?.label]).toEqual(['A', 'red']);
    // Both joined tables are filtered on, so the count joins both.
    expect(counts[0]).toMatch(/inner join "owner".*left join "tag"/);
  });

  it('counts without the joins no filter needs, with the same total', async () => {
    counts.length = 0;
    const { rows, totals } = await allPages(list([contains(thing.title, '1')], 7));
    const expected = things.filter((t) => t.title.includes('1'));
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((r) => r.id)).size).toBe(expected.length);
    expect(totals).toEqual([expected.length]);
    expect(counts[0]).not.toMatch(/join/);
    // Untagged things are listed (a left join drops nothing).
    expect(rows.some((r) => r.tag === null)).toBe(true);
  });

  it("joins another area's public read (a view) like a table, and counts without it unless filtered on", async () => {
    const ownerCard = pgView('owner_card', {
      id: bigint('id', { mode: 'number' }).notNull(),
      name: text('name').notNull(),
    }).existing();
    const cardJoins = [
      { table: ownerCard, on: eq(ownerCard.id, thing.ownerId), type: 'inner', exactlyOne: true },
    ] as const;
    const viewList = (where: (SQL | undefined)[]) => ({
      from: thing,
      select: { id: thing.id, ownerName: ownerCard.name },
      joins: cardJoins,
      where,
      order: 'asc' as SortOrder,
      id: thing.id,
      page: 1,
      limit: 5,
    });
    counts.length = 0;
    const all = await pagedQuery(db, viewList([]));
    expectTypeOf(all.rows[0]!).toEqualTypeOf<{ id: number; ownerName: string }>();
    expect(all.total).toBe(things.length);
    expect(all.rows.map((r) => r.ownerName)).toEqual(things.slice(0, 5).map(ownerOf));
    expect(counts[0]).not.toMatch(/join/);
    counts.length = 0;
    const bobs = await pagedQuery(db, viewList([startsWith(ownerCard.name, 'Bob')]));
    expect(bobs.total).toBe(things.filter((t) => ownerOf(t) === 'Bob').length);
    expect(counts[0]).toMatch(/inner join "owner_card"/);
  });

  it('sorts by a joined column, the id last', async () => {
    const { rows } = await allPages({ ...list([]), sort: 'owner', order: 'desc' });
    const expected = [...things].sort((a, b) =>
      ownerOf(a) < ownerOf(b) ? 1 : ownerOf(a) > ownerOf(b) ? -1 : b.id - a.id,
    );
    expect(rows.map((r) => r.id)).toEqual(expected.map((t) => t.id));
  });

  it('matches a prefix with %, _ and \\ as themselves', async () => {
    const ownersOf = async (prefix: string, ignoreCase?: boolean) => {
      const { rows } = await allPages(list([startsWith(owner.name, prefix, { ignoreCase })], 100));
      return [...new Set(rows.map((r) => r.ownerName))].sort();
    };
    expect(await ownersOf('50%')).toEqual(['50%off']);
    expect(await ownersOf('a_')).toEqual(['a_b']);
    expect(await ownersOf('c\\')).toEqual(['c\\d']);
    expect(await ownersOf('An')).toEqual(['Andy', 'Ann']);
    expect(await ownersOf('an', true)).toEqual(['Andy', 'Ann', 'ann']);
  });

  it('still refuses a sort key outside the whitelist, before any statement and past the last page', async () => {
    counts.length = 0;
    await expect(pagedQuery(db, { ...list([]), sort: 'tag.label' as 'title', page: 99 })).rejects.toThrow(
      /unknown sort key/,
    );
    expect(counts).toEqual([]);
  });

  it('keeps the single-table list as it was', async () => {
    const { total, rows } = await pagedQuery(db, {
      from: thing,
      select: { id: thing.id },
      where: [equals(thing.ownerId, 2)],
      pinned: [sql`${thing.tagId} is null desc`],
      order: 'asc',
      id: thing.id,
      page: 1,
      limit: 3,
    });
    expectTypeOf(rows).toEqualTypeOf<{ id: number }[]>();
    const mine = things.filter((t) => t.ownerId === 2);
    expect(total).toBe(mine.length);
    expect(rows.map((r) => r.id)).toEqual(
      [...mine]
        .sort((a, b) => Number(b.tagId === null) - Number(a.tagId === null) || a.id - b.id)
        .slice(0, 3)
        .map((t) => t.id),
    );
  });
});
