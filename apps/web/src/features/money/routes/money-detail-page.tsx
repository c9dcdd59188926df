import { LEDGER_ENTRY_TYPES, LEDGER_ENTRY_TYPE_LABELS, type TLedgerEntry } from '@flexpay/contract/web';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useExportNotice } from '../../../components/use-export-notice.tsx';
import { dateRangeFilter, defineFilters, remoteSelectFilter, selectFilter } from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useExportEntries } from '../api/export-entries.ts';
import { useEntries } from '../api/get-entries.ts';
import { serviceCompanyRemoteOptions } from '../../../api/search-service-companies.ts';
import { entryColumns } from '../components/entry-columns.tsx';
import { MONEY_ELEMENTS } from '../elements.ts';

const TYPE_OPTIONS = LEDGER_ENTRY_TYPES.map((value) => ({ value, label: LEDGER_ENTRY_TYPE_LABELS[value] }));

/** The list's filters: the URL, the search form, the list call and the export all come from here. */
const ENTRY_FILTERS = defineFilters({
  time: dateRangeFilter({ label: '日期', from: 'from', to: 'to' }),
  type: selectFilter({ label: '类型', options: TYPE_OPTIONS }),
  serviceCompanyId: remoteSelectFilter({ label: '服务商', remote: serviceCompanyRemoteOptions, width: 200 }),
});

/** 资金明细 (/moneyManagement/moneyDetail). */
export function Component() {
  const notify = useExportNotice();
  const list = useListQuery(ENTRY_FILTERS);
  const entries = useEntries(list.query);
  const exportEntries = useExportEntries();

  const onExport = async () => {
    if (exportEntries.isPending) return;
    const { page: _page, limit: _limit, ...filters } = list.query;
    await notify(() => exportEntries.mutateAsync(filters));
  };

  return (
    <Card>
      <ListSearchForm list={list} query={entries} />
      <ListToolbar>
        <Permission element={MONEY_ELEMENTS.view}>
          <Button icon={<DownloadOutlined />} loading={exportEntries.isPending} onClick={() => void onExport()}>
            导出
          </Button>
        </Permission>
      </ListToolbar>
      <ListTable<TLedgerEntry>
        query={entries}
        noun="资金明细"
        isFiltered={list.isFiltered}
        empty="暂无资金明细，充值到账后将显示在这里"
        columns={entryColumns()}
        pagination={list.pagination}
      />
    </Card>
  );
}
