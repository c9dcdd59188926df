import type { TLedgerEntry } from '@flexpay/contract/web';
import { Empty, Table } from 'antd';
import { ListError } from '../../../components/list-error.tsx';
import { useEntries } from '../api/get-entries.ts';
import { entryColumns } from './entry-columns.tsx';

const RECENT_QUERY = { page: 1, limit: 10 };

/** 最近明细: the last 10 ledger entries. */
export function RecentEntries() {
  const entries = useEntries(RECENT_QUERY);
  if (entries.isError && !entries.data) {
    return <ListError error={entries.error} onRetry={() => void entries.refetch()} isRetrying={entries.isFetching} />;
  }
  return (
    <Table<TLedgerEntry>
      rowKey="id"
      size="middle"
      columns={entryColumns()}
      dataSource={entries.data?.rows ?? []}
      loading={entries.isFetching}
      locale={{ emptyText: <Empty description="暂无资金明细，充值到账后将显示在这里" /> }}
      pagination={false}
    />
  );
}
