import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dateRangeFilter,
  defineFilters,
  fromFormValues,
  hasFormFilters,
  numberFilter,
  readListState,
  remoteSelectFilter,
  selectFilter,
  sortFilter,
  textFilter,
  toApiQuery,
  toFormValues,
  treeSelectFilter,
  writeListParams,
  type TFilterValues,
} from './list-filters.ts';

const remote = { queryKey: ['test'], search: () => Promise.resolve([]), resolve: () => Promise.resolve(undefined) };
const useTree = () => ({ treeData: [], isPending: false, isError: false });

/** One filter of every kind. */
const FILTERS = defineFilters({
  name: textFilter({ label: '姓名', maxLength: 10 }),
  idNumber: textFilter({ label: '身份证号', normalize: (text) => text.toUpperCase() }),
  age: numberFilter({ label: '年龄', min: 16, max: 70 }),
  status: selectFilter({
    label: '状态',
    options: [
      { value: 'active', label: '在职' },
      { value: 'left', label: '离职' },
    ],
  }),
  jobTypeId: remoteSelectFilter({ label: '工种', remote }),
  departmentId: treeSelectFilter({ label: '部门', noun: '部门', useTree }),
  joined: dateRangeFilter({ label: '入职日期', from: 'joinedFrom', to: 'joinedTo' }),
  sort: sortFilter({ fields: ['joinedAt', 'createdAt'] }),
});

const read = (search: string, defaultLimit?: number) =>
  readListState(FILTERS, new URLSearchParams(search), defaultLimit);
const roundTrip = (search: string) => writeListParams(FILTERS, read(search)).toString();

const FULL =
  'name=%E5%BC%A0&idNumber=11010519900101123X&age=30&status=left&jobTypeId=3&departmentId=7' +
  '&joinedFrom=2024-01-01&joinedTo=2024-06-30&sort=joinedAt&order=asc&page=2&limit=20';

describe('list filters in the URL', () => {
  it('reads every kind of filter and writes the same URL back', () => {
    const state = read(FULL);
    expect(state).toEqual({
      page: 2,
      limit: 20,
      values: {
        name: '张',
        idNumber: '11010519900101123X',
        age: 30,
        status: 'left',
        jobTypeId: 3,
        departmentId: 7,
        joined: { from: '2024-01-01', to: '2024-06-30' },
        sort: { sort: 'joinedAt', order: 'asc' },
      },
    });
    expect(roundTrip(FULL)).toBe(FULL);
  });

  it('drops what is malformed, and writes nothing for absent, default or empty values', () => {
    const state = read(
      'name=%20%20&age=12&status=gone&jobTypeId=-1&departmentId=1.5&joinedFrom=2024-02-30&joinedTo=x' +
        '&sort=salary&order=asc&page=0&limit=abc&other=1',
    );
    expect(state).toEqual({ page: 1, limit: 10, values: {} });
    expect(writeListParams(FILTERS, state).toString()).toBe('');
  });

  it('keeps either end of a date range alone, and defaults the order to descending', () => {
    expect(read('joinedTo=2024-06-30').values).toEqual({ joined: { from: undefined, to: '2024-06-30' } });
    expect(roundTrip('joinedTo=2024-06-30')).toBe('joinedTo=2024-06-30');
    expect(read('sort=createdAt').values).toEqual({ sort: { sort: 'createdAt', order: 'desc' } });
  });

  it('caps the page size and uses the list default size', () => {
    expect(read('limit=5000').limit).toBe(200);
    expect(read('', 20).limit).toBe(20);
    expect(writeListParams(FILTERS, { values: {}, page: 1, limit: 20 }, 20).toString()).toBe('');
    expect(writeListParams(FILTERS, { values: {}, page: 3, limit: 10 }, 20).toString()).toBe('page=3&limit=10');
  });

  it('refuses two filters on one URL key, and the page keys', () => {
    expect(() =>
      defineFilters({
        from: textFilter({ label: 'a' }),
        range: dateRangeFilter({ label: 'b', from: 'from', to: 'to' }),
      }),
    ).toThrow(/from/);
    expect(() => defineFilters({ page: textFilter({ label: '页' }) })).toThrow(/page/);
  });
});

describe('list filters in the search form', () => {
  it('gives the form a value for every field, empty ones included, and not the sort', () => {
    expect(toFormValues(FILTERS, {})).toEqual({
      name: '',
      idNumber: '',
      age: null,
      status: undefined,
      jobTypeId: undefined,
      departmentId: undefined,
      joined: null,
    });
    const form = toFormValues(FILTERS, read(FULL).values);
    expect(form.joined?.map((day) => day?.format('YYYY-MM-DD'))).toEqual(['2024-01-01', '2024-06-30']);
    expect(form).toMatchObject({ name: '张', age: 30, status: 'left', jobTypeId: 3, departmentId: 7 });
  });

  it('reads the form back: trimmed, normalized, empty fields dropped, the sort kept', () => {
    const current: TFilterValues<typeof FILTERS> = { name: '旧', sort: { sort: 'joinedAt', order: 'asc' } };
    const values = fromFormValues(
      FILTERS,
      {
        name: '  李四四四四四四四四四四四  ',
        idNumber: ' 11010519900101123x ',
        age: null,
        status: undefined,
        jobTypeId: 4,
        joined: [dayjs('2024-03-01'), null],
      },
      current,
    );
    expect(values).toEqual({
      name: '李四四四四四四四四四',
      idNumber: '11010519900101123X',
      jobTypeId: 4,
      joined: { from: '2024-03-01', to: undefined },
      sort: { sort: 'joinedAt', order: 'asc' },
    });
    expect(Object.fromEntries(writeListParams(FILTERS, { values, page: 1, limit: 10 }))).toEqual({
      name: '李四四四四四四四四四',
      idNumber: '11010519900101123X',
      jobTypeId: '4',
      joinedFrom: '2024-03-01',
      sort: 'joinedAt',
      order: 'asc',
    });
  });

  it('resets to no filter at all', () => {
    const values = fromFormValues(FILTERS, toFormValues(FILTERS, {}), {});
    expect(values).toEqual({});
    expect(hasFormFilters(FILTERS, values)).toBe(false);
    expect(hasFormFilters(FILTERS, { sort: { sort: 'joinedAt', order: 'asc' } })).toBe(false);
    expect(hasFormFilters(FILTERS, { age: 20 })).toBe(true);
  });
});

describe('list filters in the API query', () => {
  it('sends each value under its own name, a date range under its two keys, with page and limit', () => {
    const query = toApiQuery(FILTERS, read(FULL));
    expect(query).toEqual({
      page: 2,
      limit: 20,
      name: '张',
      idNumber: '11010519900101123X',
      age: 30,
      status: 'left',
      jobTypeId: 3,
      departmentId: 7,
      joinedFrom: '2024-01-01',
      joinedTo: '2024-06-30',
      sort: 'joinedAt',
      order: 'asc',
    });
    // Typed: the query's keys are those the filters declare.
    const typed: { status?: 'active' | 'left' | undefined; joinedFrom?: string | undefined; page: number } = query;
    expect(typed.page).toBe(2);
    expect(toApiQuery(FILTERS, read(''))).toEqual({ page: 1, limit: 10 });
  });
});
