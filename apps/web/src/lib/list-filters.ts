/**
 * The filters of a list screen, each declared once: its kind, label and field options, how it
 * reads itself from the URL and writes itself back, its value in the search form, and what it
 * adds to the API query. `useListQuery` and `ListSearchForm` derive everything else from these
 * declarations, so a list screen never spells a filter out twice.
 *
 * Values are dropped, never guessed, when the URL holds something malformed (a hand-edited or
 * old link): the list then shows the page without that filter.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { QueryKey } from '@tanstack/react-query';

/** `page` and `limit` belong to the list itself; no filter may use them. */
export const PAGE_PARAM = 'page';
export const LIMIT_PARAM = 'limit';
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 200;

export type TFilterKind = 'text' | 'number' | 'select' | 'remoteSelect' | 'treeSelect' | 'dateRange' | 'sort';

/** An option of a select; `value` is what the URL and the API carry. */
export interface TOption<V extends string | number = string | number> {
  value: V;
  label: string;
}

/** A tree node of a tree select (departments…). */
export interface TTreeOption {
  value: number;
  title: string;
  children?: TTreeOption[];
}

/** Reads one URL parameter; absent and empty both read as undefined. */
export type TReadParam = (key: string) => string | undefined;

/**
 * One filter. `TValue` is its parsed value, `TForm` its value in the search form, `TQuery` what
 * it adds to the API query (`null`: its value under its own name).
 */
export interface TListFilter<TValue, TForm, TQuery extends Record<string, unknown> | null> {
  kind: TFilterKind;
  /** The form label; also what a test or a reader calls the filter. */
  label: string;
  /** false: kept in the URL and the query but not a field of the search form (the sort). */
  inForm: boolean;
  /** The URL keys the filter uses, given its name. */
  keys: (name: string) => string[];
  parse: (read: TReadParam, name: string) => TValue | undefined;
  serialize: (value: TValue, name: string) => Record<string, string>;
  toForm: (value: TValue | undefined) => TForm;
  fromForm: (form: TForm | undefined) => TValue | undefined;
  toQuery: (value: TValue | undefined, name: string) => Record<string, unknown>;
  /** Type-only: what the filter adds to the API query. */
  readonly query?: TQuery;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- a set of filters mixes value types; each
   filter's own types are recovered by the mapped types below, never read as `any`. */
type ValueOf<F> = F extends TListFilter<infer V, any, any> ? V : never;
type FormOf<F> = F extends TListFilter<any, infer FV, any> ? FV : never;
type QueryOf<K, F> =
  F extends TListFilter<infer V, any, infer Q> ? (Q extends null ? { [P in K & string]?: V | undefined } : Q) : never;
type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

/** The parsed values of a set of filters. */
export type TFilterValues<F extends TFilters> = { [K in keyof F]?: ValueOf<F[K]> };
/** The search form's values of a set of filters. */
export type TFilterForm<F extends TFilters> = { [K in keyof F]?: FormOf<F[K]> };
/** What a set of filters adds to the API query. */
export type TFilterQuery<F extends TFilters> = UnionToIntersection<{ [K in keyof F]-?: QueryOf<K, F[K]> }[keyof F]>;

const ownKey = (name: string) => [name];
const ownValue = (name: string, value: string | number | undefined): Record<string, string> =>
  value === undefined || value === '' ? {} : { [name]: String(value) };

interface TFieldOptions {
  label: string;
  placeholder?: string;
  /** The field's width in px. */
  width?: number;
}

export interface TTextFilter extends TListFilter<string, string, null>, TFieldOptions {
  kind: 'text';
  maxLength?: number;
}

/** Free text, trimmed; `normalize` rewrites it before it is sent (e.g. upper-case letters). */
export function textFilter(options: TFieldOptions & { maxLength?: number; normalize?: (text: string) => string }) {
  const clean = (text: string | undefined) => {
    const trimmed = text?.trim() ?? '';
    const value = options.normalize ? options.normalize(trimmed) : trimmed;
    return value === '' ? undefined : value.slice(0, options.maxLength ?? value.length);
  };
  const filter: TTextFilter = {
    ...options,
    kind: 'text',
    inForm: true,
    keys: ownKey,
    parse: (read, name) => clean(read(name)),
    serialize: (value, name) => ownValue(name, clean(value)),
    toForm: (value) => value ?? '',
    fromForm: (form) => clean(form),
    toQuery: (value, name) => ({ [name]: value }),
  };
  return filter;
}

export interface TNumberFilter extends TListFilter<number, number | null, null>, TFieldOptions {
  kind: 'number';
  min?: number;
  max?: number;
}

/** A whole number within `min`..`max`. */
export function numberFilter(options: TFieldOptions & { min?: number; max?: number }) {
  const check = (value: number | null | undefined) =>
    value !== null &&
    value !== undefined &&
    Number.isSafeInteger(value) &&
    value >= (options.min ?? Number.MIN_SAFE_INTEGER) &&
    value <= (options.max ?? Number.MAX_SAFE_INTEGER)
      ? value
      : undefined;
  const filter: TNumberFilter = {
    ...options,
    kind: 'number',
    inForm: true,
    keys: ownKey,
    parse: (read, name) => {
      const raw = read(name);
      return raw === undefined || !/^-?\d+$/.test(raw) ? undefined : check(Number(raw));
    },
    serialize: (value, name) => ownValue(name, check(value)),
    toForm: (value) => value ?? null,
    fromForm: (form) => check(form),
    toQuery: (value, name) => ({ [name]: value }),
  };
  return filter;
}

export interface TSelectFilter<V extends string> extends TListFilter<V, V | undefined, null>, TFieldOptions {
  kind: 'select';
  options: readonly TOption<V>[];
}

/** One of a fixed set of options. */
export function selectFilter<const V extends string>(options: TFieldOptions & { options: readonly TOption<V>[] }) {
  const pick = (raw: string | undefined) => options.options.find((option) => option.value === raw)?.value;
  const filter: TSelectFilter<V> = {
    ...options,
    kind: 'select',
    inForm: true,
    keys: ownKey,
    parse: (read, name) => pick(read(name)),
    serialize: (value, name) => ownValue(name, pick(value)),
    toForm: (value) => value,
    fromForm: (form) => pick(form),
    toQuery: (value, name) => ({ [name]: value }),
  };
  return filter;
}

/** Ids in the URL: positive whole numbers. */
function parseId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
const checkId = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

function idFilterParts() {
  return {
    inForm: true,
    keys: ownKey,
    parse: (read: TReadParam, name: string) => parseId(read(name)),
    serialize: (value: number, name: string) => ownValue(name, checkId(value)),
    toForm: (value: number | undefined) => value,
    fromForm: (form: number | undefined) => checkId(form),
    toQuery: (value: number | undefined, name: string) => ({ [name]: value }),
  };
}

/** How a remote select finds its options on the server. */
export interface TRemoteOptions {
  /** The cache key prefix of its requests, e.g. `['workers', 'jobTypeSearch']`. */
  queryKey: QueryKey;
  /** The options matching what the user typed ('' when the dropdown opens). */
  search: (keyword: string, signal: AbortSignal) => Promise<TOption<number>[]>;
  /** The option of a value read from the URL, for its label; undefined when it is gone. */
  resolve: (value: number, signal: AbortSignal) => Promise<TOption<number> | undefined>;
}

export interface TRemoteSelectFilter extends TListFilter<number, number | undefined, null>, TFieldOptions {
  kind: 'remoteSelect';
  remote: TRemoteOptions;
}

/** An id chosen among options the server finds as the user types (`RemoteSelect`). */
export function remoteSelectFilter(options: TFieldOptions & { remote: TRemoteOptions }) {
  const filter: TRemoteSelectFilter = { ...options, kind: 'remoteSelect', ...idFilterParts() };
  return filter;
}

/** The options of a tree select, loaded by the screen's own query hook. */
export interface TTreeOptionsState {
  treeData: TTreeOption[];
  isPending: boolean;
  isError: boolean;
}

export interface TTreeSelectFilter extends TListFilter<number, number | undefined, null>, TFieldOptions {
  kind: 'treeSelect';
  /** A hook (called by the field) that loads the tree. */
  useTree: () => TTreeOptionsState;
  /** The noun in the empty and failed states: 部门 -> 暂无部门 / 部门加载失败. */
  noun: string;
}

/** An id chosen in a tree loaded from the server in one piece (departments). */
export function treeSelectFilter(options: TFieldOptions & { useTree: () => TTreeOptionsState; noun: string }) {
  const filter: TTreeSelectFilter = { ...options, kind: 'treeSelect', ...idFilterParts() };
  return filter;
}

export interface TDateRange {
  /** YYYY-MM-DD */
  from?: string | undefined;
  /** YYYY-MM-DD */
  to?: string | undefined;
}
export type TDateRangeForm = [Dayjs | null, Dayjs | null] | null;

export interface TDateRangeFilter<From extends string, To extends string>
  extends TListFilter<TDateRange, TDateRangeForm, { [K in From | To]?: string | undefined }>, TFieldOptions {
  kind: 'dateRange';
  from: From;
  to: To;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_FORMAT = 'YYYY-MM-DD';
const asDate = (raw: string | undefined) =>
  raw !== undefined && DATE.test(raw) && dayjs(raw).format(DATE_FORMAT) === raw ? raw : undefined;
const asRange = (from: string | undefined, to: string | undefined): TDateRange | undefined => {
  const range: TDateRange = { from: asDate(from), to: asDate(to) };
  return range.from || range.to ? range : undefined;
};

/** A range of days, either end open, under two URL and query keys (`joinedFrom`, `joinedTo`). */
export function dateRangeFilter<const From extends string, const To extends string>(
  options: TFieldOptions & { from: From; to: To },
) {
  const filter: TDateRangeFilter<From, To> = {
    ...options,
    kind: 'dateRange',
    inForm: true,
    keys: () => [options.from, options.to],
    parse: (read) => asRange(read(options.from), read(options.to)),
    serialize: (value) => {
      const range = asRange(value.from, value.to);
      return {
        ...(range?.from ? { [options.from]: range.from } : {}),
        ...(range?.to ? { [options.to]: range.to } : {}),
      };
    },
    toForm: (value) => (value ? [value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null] : null),
    fromForm: (form) => asRange(form?.[0]?.format(DATE_FORMAT), form?.[1]?.format(DATE_FORMAT)),
    toQuery: (value) => ({ [options.from]: value?.from, [options.to]: value?.to }),
  };
  return filter;
}

export type TSortOrder = 'asc' | 'desc';
export interface TSort<Field extends string> {
  sort: Field;
  order: TSortOrder;
}

export interface TSortFilter<Field extends string> extends TListFilter<
  TSort<Field>,
  undefined,
  { sort?: Field | undefined; order?: TSortOrder | undefined }
> {
  kind: 'sort';
  fields: readonly Field[];
}

/**
 * The table's sort column and direction (`sort`, `order` in the URL). Not a form field; a new
 * search keeps it. Absent, the server's default order applies.
 */
export function sortFilter<const Field extends string>(options: { fields: readonly Field[] }) {
  const pickField = (raw: string | undefined) => options.fields.find((field) => field === raw);
  const parseSort = (sort: string | undefined, order: string | undefined): TSort<Field> | undefined => {
    const field = pickField(sort);
    return field ? { sort: field, order: order === 'asc' ? 'asc' : 'desc' } : undefined;
  };
  const filter: TSortFilter<Field> = {
    ...options,
    kind: 'sort',
    label: '排序',
    inForm: false,
    keys: () => ['sort', 'order'],
    parse: (read) => parseSort(read('sort'), read('order')),
    serialize: (value) => {
      const sort = parseSort(value.sort, value.order);
      const params: Record<string, string> = sort ? { sort: sort.sort, order: sort.order } : {};
      return params;
    },
    toForm: () => undefined,
    fromForm: () => undefined,
    toQuery: (value) => ({ sort: value?.sort, order: value?.order }),
  };
  return filter;
}

/** Any filter this module builds; `kind` tells them apart. */
export type TAnyFilter =
  | TTextFilter
  | TNumberFilter
  | TSelectFilter<any>
  | TRemoteSelectFilter
  | TTreeSelectFilter
  | TDateRangeFilter<any, any>
  | TSortFilter<any>;
/** What the helpers below call on each filter, whatever its kind. */
type TLooseFilter = TListFilter<any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
export type TFilters = Record<string, TAnyFilter>;

const entriesOf = (filters: TFilters) => Object.entries(filters) as [string, TLooseFilter][];

/** Declares the filters of a list, checking that no two use the same URL key. */
export function defineFilters<const F extends TFilters>(filters: F): F {
  const seen = new Set<string>([PAGE_PARAM, LIMIT_PARAM]);
  for (const [name, filter] of entriesOf(filters)) {
    for (const key of filter.keys(name)) {
      if (seen.has(key)) throw new Error(`list filter "${name}" reuses the URL key "${key}"`);
      seen.add(key);
    }
  }
  return filters;
}

/** Where a list stands: its filters, page and page size. */
export interface TListState<F extends TFilters> {
  values: TFilterValues<F>;
  page: number;
  limit: number;
}

function reader(params: URLSearchParams): TReadParam {
  return (key) => {
    const value = params.get(key);
    return value === null || value === '' ? undefined : value;
  };
}

/** The list's state from the URL query. */
export function readListState<F extends TFilters>(
  filters: F,
  params: URLSearchParams,
  defaultLimit = DEFAULT_LIMIT,
): TListState<F> {
  const read = reader(params);
  const values: Record<string, unknown> = {};
  for (const [name, filter] of entriesOf(filters)) {
    const value: unknown = filter.parse(read, name);
    if (value !== undefined) values[name] = value;
  }
  const page = parseId(read(PAGE_PARAM)) ?? 1;
  const limit = Math.min(MAX_LIMIT, parseId(read(LIMIT_PARAM)) ?? defaultLimit);
  return { values: values as TFilterValues<F>, page, limit };
}

/**
 * The URL query of a state: filters in their declared order, then the page when past the first
 * and the size when not the default. Empty values are left out.
 */
export function writeListParams<F extends TFilters>(
  filters: F,
  state: TListState<F>,
  defaultLimit = DEFAULT_LIMIT,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, filter] of entriesOf(filters)) {
    const value: unknown = state.values[name];
    if (value === undefined) continue;
    for (const [key, text] of Object.entries(filter.serialize(value, name))) params.set(key, text);
  }
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  if (state.limit !== defaultLimit) params.set(LIMIT_PARAM, String(state.limit));
  return params;
}

/** The search form's values of a state (empty fields for absent filters). */
export function toFormValues<F extends TFilters>(filters: F, values: TFilterValues<F>): TFilterForm<F> {
  const form: Record<string, unknown> = {};
  for (const [name, filter] of entriesOf(filters)) {
    if (filter.inForm) form[name] = filter.toForm(values[name]);
  }
  return form as TFilterForm<F>;
}

/**
 * The values a search form gives, with the filters that are not in the form (the sort) kept as
 * they are in `current`.
 */
export function fromFormValues<F extends TFilters>(
  filters: F,
  form: TFilterForm<F>,
  current: TFilterValues<F>,
): TFilterValues<F> {
  const values: Record<string, unknown> = {};
  for (const [name, filter] of entriesOf(filters)) {
    const value: unknown = filter.inForm ? filter.fromForm(form[name]) : current[name];
    if (value !== undefined) values[name] = value;
  }
  return values as TFilterValues<F>;
}

/** The API query of a state: page, limit and what each filter adds. */
export function toApiQuery<F extends TFilters>(
  filters: F,
  state: TListState<F>,
): TFilterQuery<F> & { page: number; limit: number } {
  const query: Record<string, unknown> = {};
  for (const [name, filter] of entriesOf(filters)) {
    for (const [key, value] of Object.entries(filter.toQuery(state.values[name], name))) {
      if (value !== undefined) query[key] = value;
    }
  }
  return { ...query, page: state.page, limit: state.limit } as TFilterQuery<F> & { page: number; limit: number };
}

/** Whether any filter of the search form has a value (the sort does not count). */
export function hasFormFilters<F extends TFilters>(filters: F, values: TFilterValues<F>): boolean {
  return entriesOf(filters).some(([name, filter]) => filter.inForm && values[name] !== undefined);
}
