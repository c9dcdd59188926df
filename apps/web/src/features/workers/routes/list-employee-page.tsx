import {
  GENDER_LABELS,
  REAL_NAME_STATUSES,
  REAL_NAME_STATUS_LABELS,
  WORKER_SORT_FIELDS,
  WORKER_STATUSES,
  WORKER_STATUS_LABELS,
  screenPath,
  type TContractStatus,
  type TGender,
  type TRealNameStatus,
  type TWorkerRow,
  type TWorkerSortField,
  type TWorkerStatus,
  AGREEMENT_SEND_MAX_WORKERS,
} from '@flexpay/contract/web';
import { DownloadOutlined, FileProtectOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useExportNotice } from '../../../components/use-export-notice.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date-time.ts';
import {
  dateRangeFilter,
  defineFilters,
  remoteSelectFilter,
  selectFilter,
  sortFilter,
  textFilter,
  treeSelectFilter,
  type TSort,
} from '../../../lib/list-filters.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useExportWorkers } from '../api/export-workers.ts';
import { useDepartmentTree } from '../api/get-department-options.ts';
import { useWorkers } from '../../../api/get-workers.ts';
import { jobTypeRemoteOptions } from '../api/search-job-type-options.ts';
import { ImportDrawer } from '../components/import-drawer.tsx';
import { LeaveModal } from '../components/leave-modal.tsx';
import { RejoinButton } from '../components/rejoin-button.tsx';
import { ContractStatusTag, RealNameStatusTag, WorkerStatusTag } from '../components/worker-tags.tsx';
import { RealNameProgress } from '../components/real-name-progress.tsx';
import { SendAgreementModal } from '../components/send-agreement-modal.tsx';
import { WORKER_ELEMENTS } from '../elements.ts';

const STATUS_OPTIONS = WORKER_STATUSES.map((value) => ({ value, label: WORKER_STATUS_LABELS[value] }));
const REAL_NAME_OPTIONS = REAL_NAME_STATUSES.map((value) => ({ value, label: REAL_NAME_STATUS_LABELS[value] }));

/** The list's filters: the URL, the search form and the list call all come from here. */
const WORKER_FILTERS = defineFilters({
  name: textFilter({ label: '姓名', placeholder: '请输入姓名（前缀匹配）', maxLength: 50 }),
  mobile: textFilter({ label: '手机号', maxLength: 11 }),
  idNumber: textFilter({
    label: '身份证号',
    placeholder: '请输入完整身份证号',
    maxLength: 18,
    normalize: (text) => text.toUpperCase(),
  }),
  jobTypeId: remoteSelectFilter({ label: '工种', remote: jobTypeRemoteOptions }),
  departmentId: treeSelectFilter({ label: '部门', noun: '部门', useTree: useDepartmentTree }),
  status: selectFilter({ label: '状态', options: STATUS_OPTIONS, width: 100 }),
  realNameStatus: selectFilter({ label: '实名状态', options: REAL_NAME_OPTIONS }),
  joined: dateRangeFilter({ label: '入职日期', from: 'joinedFrom', to: 'joinedTo' }),
  sort: sortFilter({ fields: WORKER_SORT_FIELDS }),
});

/** 员工列表 (/EmployeeManagement/listEmployee). */
export function Component() {
  const navigate = useNavigate();
  const notify = useExportNotice();
  const list = useListQuery(WORKER_FILTERS);
  const workers = useWorkers(list.query);
  const exportWorkers = useExportWorkers();
  const canEdit = useHasElement(WORKER_ELEMENTS.edit);
  const leaveDialog = useDialogTarget<TWorkerRow>();
  const [isImportOpen, setImportOpen] = useState(false);
  const canSign = useHasElement(WORKER_ELEMENTS.sign);
  // 发起签约 for the rows ticked (kept across pages), or for all matching the list's filters (not
  // its page, size or order).
  const [signing, setSigning] = useState<'filter' | 'selected' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const { page: _p, limit: _l, sort: _s, order: _o, ...signFilter } = list.query;
  const tooMany = selected.length > AGREEMENT_SEND_MAX_WORKERS;

  const sortOrderOf = (field: TWorkerSortField): 'ascend' | 'descend' | null => {
    // The server sorts by 创建时间, newest first, unless told otherwise.
    const sort = list.values.sort ?? { sort: 'createdAt', order: 'desc' };
    if (sort.sort !== field) return null;
    return sort.order === 'asc' ? 'ascend' : 'descend';
  };

  const onTableChange: TableProps<TWorkerRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const current = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = WORKER_SORT_FIELDS.find((name) => name === current?.columnKey);
    const sort =
      field && current?.order ? { sort: field, order: current.order === 'ascend' ? 'asc' : 'desc' } : undefined;
    list.setValues({ ...list.values, sort: sort as TSort<TWorkerSortField> | undefined });
  };

  const onExport = async () => {
    if (exportWorkers.isPending) return;
    const { page: _page, limit: _limit, ...filters } = list.query;
    await notify(() =>
      exportWorkers.mutateAsync({
        ...filters,
        sort: filters.sort ?? 'createdAt',
        order: filters.order ?? 'desc',
      }),
    );
  };

  const columns: TableColumnsType<TWorkerRow> = [
    {
      title: '姓名',
      dataIndex: 'name',
      fixed: 'left',
      width: 96,
      ellipsis: { showTitle: true },
      render: (name: string, worker) => <Link to={screenPath('detailEmployee', { id: worker.id })}>{name}</Link>,
    },
    { title: '身份证号', dataIndex: 'idNumber', width: 152 },
    { title: '手机号', dataIndex: 'mobile', width: 100 },
    {
      title: '性别',
      dataIndex: 'gender',
      width: 56,
      // Beside 身份证号, which encodes it: shown on wide windows only, so the table fits 1366 px.
      responsive: ['xxl'],
      render: (gender: TGender) => GENDER_LABELS[gender],
    },
    {
      title: '工种',
      dataIndex: 'jobTypeName',
      width: 90,
      ellipsis: true,
      render: (name: string | null) => name ?? '-',
    },
    {
      title: '部门',
      dataIndex: 'departmentName',
      width: 90,
      ellipsis: true,
      render: (name: string | null) => name ?? '-',
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 62,
      render: (status: TWorkerStatus) => <WorkerStatusTag status={status} />,
    },
    {
      title: '实名状态',
      dataIndex: 'realNameStatus',
      width: 76,
      render: (status: TRealNameStatus) => <RealNameStatusTag status={status} />,
    },
    {
      title: '签约状态',
      dataIndex: 'contractStatus',
      width: 76,
      render: (status: TContractStatus) => <ContractStatusTag status={status} />,
    },
    {
      title: '入职日期',
      dataIndex: 'joinedAt',
      key: 'joinedAt',
      width: 106,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: sortOrderOf('joinedAt'),
      render: (date: string) => formatDate(date),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 160,
      // The default order's column; on windows under 1600 px the table keeps to what fits.
      responsive: ['xxl'],
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: sortOrderOf('createdAt'),
      render: (time: string) => formatDateTime(time),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 128,
      render: (_, worker) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(screenPath('detailEmployee', { id: worker.id }))}
          >
            详情
          </Button>
          {canEdit &&
            (worker.status === 'active' ? (
              <Button type="link" size="small" danger onClick={() => leaveDialog.open(worker)}>
                离职
              </Button>
            ) : (
              <RejoinButton worker={worker} size="small" />
            ))}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListSearchForm list={list} query={workers} />

      <ListToolbar>
        <Permission element={WORKER_ELEMENTS.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('addEmployee'))}>
            添加员工
          </Button>
        </Permission>
        <Permission element={WORKER_ELEMENTS.import}>
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
            批量导入
          </Button>
        </Permission>
        {canSign && selected.length > 0 && (
          <>
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
              {`已选 ${selected.length} 名员工`}
              {tooMany && `（一次最多 ${AGREEMENT_SEND_MAX_WORKERS} 名）`}
            </Typography.Text>
            <Button type="link" onClick={() => setSelected([])}>
              取消选择
            </Button>
            <Button icon={<FileProtectOutlined />} disabled={tooMany} onClick={() => setSigning('selected')}>
              为所选员工发起签约
            </Button>
          </>
        )}
        <Permission element={WORKER_ELEMENTS.sign}>
          <Button icon={<FileProtectOutlined />} onClick={() => setSigning('filter')}>
            发起签约
          </Button>
        </Permission>
        <Permission element={WORKER_ELEMENTS.export}>
          <Button icon={<DownloadOutlined />} loading={exportWorkers.isPending} onClick={() => void onExport()}>
            导出
          </Button>
        </Permission>
      </ListToolbar>

      <RealNameProgress />

      <ListTable<TWorkerRow>
        query={workers}
        noun="员工"
        isFiltered={list.isFiltered}
        empty="暂无员工，可点击“添加员工”或“批量导入”"
        columns={columns}
        onChange={onTableChange}
        showSorterTooltip={false}
        pagination={list.pagination}
        rowSelection={
          canSign
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        // Fits from 1366 px (the columns of wide windows only are left out there); narrower windows scroll.
        scroll={{ x: 960 }}
      />

      {leaveDialog.target && <LeaveModal {...leaveDialog.dialogProps} worker={leaveDialog.target} />}
      <ImportDrawer open={isImportOpen} onClose={() => setImportOpen(false)} />
      <SendAgreementModal
        open={signing !== null}
        onClose={() => setSigning(null)}
        onSent={() => {
          if (signing === 'selected') setSelected([]);
        }}
        whom={signing === 'selected' ? { workerIds: selected } : { filter: signFilter }}
        description={
          signing === 'selected'
            ? `向所选的 ${selected.length} 名员工发起签约。`
            : list.isFiltered
              ? `向符合当前筛选条件的 ${workers.data?.total ?? 0} 名员工发起签约。`
              : `向全部 ${workers.data?.total ?? 0} 名员工发起签约。`
        }
      />
    </Card>
  );
}
