import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Flex, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { ListError } from './list-error.tsx';
import { accessibleSelection } from './selection-title.tsx';

/** One page of a list as the API answers it. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/**
 * The table of a list page: its rows from `query`, the error state with a retry when the list
 * failed to load (and nothing was loaded before), the empty state, and the URL's pagination.
 * Without filters the empty state says `empty` (by default 暂无 + noun); with filters,
 * 没有符合条件的 + noun. Before the first answer the table says nothing behind its spinner: an
 * empty message there would claim there is nothing before it is known.
 */
export function ListTable<T extends { id: number | string }>({
  query,
  noun,
  isFiltered,
  empty,
  pagination,
  loading,
  rowSelection,
  ...table
}: {
  query: UseQueryResult<ListPage<T>>;
  /** What the rows are, in Chinese: 员工, 工种… */
  noun: string;
  isFiltered: boolean;
  empty?: ReactNode;
  /** useListQuery's pagination: the page and size from the URL, given the total. */
  pagination: (total: number) => TableProps<T>['pagination'];
  /** By default while the query fetches. */
  loading?: boolean;
} & Omit<TableProps<T>, 'dataSource' | 'rowKey' | 'pagination' | 'loading' | 'locale'>) {
  if (query.isError && !query.data) {
    return <ListError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  }
  return (
    <Table<T>
      rowKey="id"
      // Middle density: the lists' columns fit a 1366 px window beside the sidebar.
      size="middle"
      dataSource={query.data?.rows ?? []}
      loading={loading ?? query.isFetching}
      locale={{
        emptyText:
          query.data === undefined ? (
            <div className="list-table-waiting" style={{ minHeight: 98 }} />
          ) : (
            <Empty description={isFiltered ? `没有符合条件的${noun}` : (empty ?? `暂无${noun}`)} />
          ),
      }}
      pagination={pagination(query.data?.total ?? 0)}
      rowSelection={accessibleSelection(rowSelection)}
      {...table}
    />
  );
}

/** The buttons above a list's table (添加, 导入, 导出…), on the right. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Flex justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
      {children}
    </Flex>
  );
}
