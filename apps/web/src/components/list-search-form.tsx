import type { UseQueryResult } from '@tanstack/react-query';
import { DatePicker, Form, InputNumber, Select, TreeSelect } from 'antd';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import {
  toFormValues,
  type TAnyFilter,
  type TFilterForm,
  type TFilters,
  type TTreeSelectFilter,
} from '../lib/list-filters.ts';
import type { TListQuery } from '../lib/use-list-query.ts';
import { RemoteSelect } from './remote-select.tsx';
import { SearchForm } from './search-form.tsx';
import { TrimmedInput } from './trimmed-input.tsx';

const PLACEHOLDER = '全部';

function TreeField({
  filter,
  ...props
}: {
  filter: TTreeSelectFilter;
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}) {
  const tree = filter.useTree();
  return (
    <TreeSelect
      {...props}
      placeholder={filter.placeholder ?? PLACEHOLDER}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={tree.isPending}
      notFoundContent={tree.isError ? `${filter.noun}加载失败` : `暂无${filter.noun}`}
      treeData={tree.treeData}
      style={{ width: filter.width ?? 180 }}
    />
  );
}

/** The control of one filter, by its kind. */
function filterControl(filter: TAnyFilter): ReactNode {
  const width = filter.kind === 'sort' ? undefined : filter.width;
  switch (filter.kind) {
    case 'text':
      return (
        <TrimmedInput
          placeholder={filter.placeholder ?? `请输入${filter.label}`}
          allowClear
          maxLength={filter.maxLength}
          style={width ? { width } : undefined}
        />
      );
    case 'number':
      return (
        <InputNumber
          placeholder={filter.placeholder ?? `请输入${filter.label}`}
          min={filter.min}
          max={filter.max}
          precision={0}
          style={{ width: width ?? 140 }}
        />
      );
    case 'select':
      return (
        <Select
          placeholder={filter.placeholder ?? PLACEHOLDER}
          allowClear
          options={[...filter.options]}
          style={{ width: width ?? 120 }}
        />
      );
    case 'remoteSelect':
      return <RemoteSelect remote={filter.remote} noun={filter.label} placeholder={filter.placeholder} width={width} />;
    case 'treeSelect':
      return <TreeField filter={filter} />;
    case 'dateRange':
      return <DatePicker.RangePicker allowEmpty={[true, true]} style={width ? { width } : undefined} />;
    default:
      return null;
  }
}

/**
 * The search form of a list, its fields derived from the list's declared filters (in their
 * order; the sort is not a field). It follows the URL (back, forward, a link), 查询 writes the
 * values to the URL, and 查询 or 重置 that change nothing fetch the list again, so 查询 always
 * fetches. `children` come after the declared fields.
 */
export function ListSearchForm<F extends TFilters>({
  list,
  query,
  style,
  children,
}: {
  list: TListQuery<F>;
  /** The list's query, fetched again when 查询 leaves the URL as it was. */
  query: Pick<UseQueryResult, 'refetch'>;
  /** Replaces the default spacing below the form, for a form that shares its row. */
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const [form] = Form.useForm<TFilterForm<F>>();
  const { filters, formValues } = list;

  // Back and forward change the URL: the form follows it.
  useEffect(() => {
    form.setFieldsValue(formValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, formValues]);

  return (
    <SearchForm<TFilterForm<F>>
      form={form}
      style={style}
      initialValues={formValues}
      onSearch={(values) => {
        if (!list.search(values)) void query.refetch();
      }}
      onReset={() => {
        form.setFieldsValue(toFormValues(filters, {}) as Parameters<typeof form.setFieldsValue>[0]);
        if (!list.reset()) void query.refetch();
      }}
    >
      {Object.entries(filters)
        .filter(([, filter]) => filter.inForm)
        .map(([name, filter]) => (
          <Form.Item key={name} name={name} label={filter.label}>
            {filterControl(filter)}
          </Form.Item>
        ))}
      {children}
    </SearchForm>
  );
}
