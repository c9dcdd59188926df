import {
  GENDER_LABELS,
  REAL_NAME_STATUSES,
  REAL_NAME_STATUS_LABELS,
  WORKER_SORT_FIELDS,
  WORKER_STATUSES,
  WORKER_STATUS_LABELS,
  type TContractStatus,
  type TGender,
  type TRealNameStatus,
  type TWorkerRow,
  type TWorkerSortField,
  type TWorkerStatus,
} from '@flexpay/contract/web';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Select,
  Space,
  TreeSelect,
  Typography,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date-time.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { SearchForm } from '../../../components/search-form.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useExportWorkers } from '../api/export-workers.ts';
import { useDepartmentOptions } from '../api/get-department-options.ts';
import { useJobTypeOptions } from '../api/get-job-type-options.ts';
import { useWorkers, type TWorkerListFilters } from '../api/get-workers.ts';
import { toDepartmentTree } from '../components/department-tree.ts';
import { ImportDrawer } from '../components/import-drawer.tsx';
import { LeaveModal } from '../components/leave-modal.tsx';
import { RejoinButton } from '../components/rejoin-button.tsx';
import { ContractStatusTag, RealNameStatusTag, WorkerStatusTag } from '../components/worker-tags.tsx';
import { WORKER_ELEMENTS } from '../elements.ts';
import { ADD_WORKER_PATH, EXPORT_CENTRE_PATH, workerDetailPath } from '../paths.ts';

/** The list's state as it sits in the URL query. */
type TWorkerUrlFilters = {
  name?: string;
  mobile?: string;
  idNumber?: string;
  jobTypeId?: string;
  departmentId?: string;
  status?: string;
  realNameStatus?: string;
  joinedFrom?: string;
  joinedTo?: string;
  sort?: string;
  order?: string;
};

interface TSearchValues {
  name?: string;
  mobile?: string;
  idNumber?: string;
  jobTypeId?: number;
  departmentId?: number;
  status?: TWorkerStatus;
  realNameStatus?: TRealNameStatus;
  joined?: [Dayjs | null, Dayjs | null] | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATUS_OPTIONS = WORKER_STATUSES.map((value) => ({ value, label: WORKER_STATUS_LABELS[value] }));
const REAL_NAME_OPTIONS = REAL_NAME_STATUSES.map((value) => ({ value, label: REAL_NAME_STATUS_LABELS[value] }));

const pick = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.find((item) => item === value);

function asId(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

const asDate = (value: string | undefined) => (value && DATE.test(value) ? value : undefined);

/** The URL's strings as the list call's filters; anything malformed is dropped. */
function parseFilters(filters: Partial<TWorkerUrlFilters>): TWorkerListFilters {
  return {
    name: filters.name,
    mobile: filters.mobile,
    idNumber: filters.idNumber,
    jobTypeId: asId(filters.jobTypeId),
    departmentId: asId(filters.departmentId),
    status: pick(WORKER_STATUSES, filters.status),
    realNameStatus: pick(REAL_NAME_STATUSES, filters.realNameStatus),
    joinedFrom: asDate(filters.joinedFrom),
    joinedTo: asDate(filters.joinedTo),
    sort: pick(WORKER_SORT_FIELDS, filters.sort),
    order: pick(['asc', 'desc'] as const, filters.order),
  };
}

function toSearchValues(filters: TWorkerListFilters): TSearchValues {
  return {
    name: filters.name ?? '',
    mobile: filters.mobile ?? '',
    idNumber: filters.idNumber ?? '',
    jobTypeId: filters.jobTypeId,
    departmentId: filters.departmentId,
    status: filters.status,
    realNameStatus: filters.realNameStatus,
    joined:
      filters.joinedFrom || filters.joinedTo
        ? [filters.joinedFrom ? dayjs(filters.joinedFrom) : null, filters.joinedTo ? dayjs(filters.joinedTo) : null]
        : null,
  };
}

function toUrlFilters(values: TSearchValues, sort: Pick<TWorkerUrlFilters, 'sort' | 'order'>): TWorkerUrlFilters {
  const [from, to] = values.joined ?? [null, null];
  return {
    name: values.name,
    mobile: values.mobile,
    idNumber: values.idNumber?.toUpperCase(),
    jobTypeId: values.jobTypeId === undefined ? undefined : String(values.jobTypeId),
    departmentId: values.departmentId === undefined ? undefined : String(values.departmentId),
    status: values.status,
    realNameStatus: values.realNameStatus,
    joinedFrom: from?.format('YYYY-MM-DD'),
    joinedTo: to?.format('YYYY-MM-DD'),
    ...sort,
  };
}

/** 员工列表 (/EmployeeManagement/listEmployee). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { page, limit, filters, setFilters, pagination } = useListQuery<TWorkerUrlFilters>();
  const listFilters = useMemo(() => parseFilters(filters), [filters]);
  const workers = useWorkers({ page, limit, ...listFilters });
  const jobTypes = useJobTypeOptions();
  const departments = useDepartmentOptions();
  const departmentTree = useMemo(() => toDepartmentTree(departments.data ?? []), [departments.data]);
  const exportWorkers = useExportWorkers();
  const canEdit = useHasElement(WORKER_ELEMENTS.edit);
  const [form] = Form.useForm<TSearchValues>();
  const [leaving, setLeaving] = useState<TWorkerRow | undefined>(undefined);
  const [isLeaveOpen, setLeaveOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);

  // Back and forward change the URL: the search form follows it.
  useEffect(() => {
    form.setFieldsValue(toSearchValues(listFilters));
  }, [form, listFilters]);

  const sortState = { sort: filters.sort, order: filters.order };
  const sortOrderOf = (field: TWorkerSortField): 'ascend' | 'descend' | null => {
    // The server sorts by 创建时间, newest first, unless told otherwise.
    const sort = listFilters.sort ?? 'createdAt';
    if (sort !== field) return null;
    return (listFilters.order ?? 'desc') === 'asc' ? 'ascend' : 'descend';
  };

  const onTableChange: TableProps<TWorkerRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const current = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = pick(WORKER_SORT_FIELDS, typeof current?.columnKey === 'string' ? current.columnKey : undefined);
    const next =
      field && current?.order
        ? { sort: field, order: current.order === 'ascend' ? 'asc' : 'desc' }
        : { sort: undefined, order: undefined };
    setFilters({ ...filters, ...next });
  };

  const onExport = async () => {
    if (exportWorkers.isPending) return;
    try {
      await exportWorkers.mutateAsync({
        ...listFilters,
        sort: listFilters.sort ?? 'createdAt',
        order: listFilters.order ?? 'desc',
      });
    } catch {
      return; // the request layer has shown why
    }
    void message.success({
      content: (
        <span>
          导出任务已创建，文件生成后可在
          <Typography.Link onClick={() => void navigate(EXPORT_CENTRE_PATH)}>下载中心</Typography.Link>
          下载
        </span>
      ),
      duration: 8,
    });
  };

  const columns: TableColumnsType<TWorkerRow> = [
    {
      title: '姓名',
      dataIndex: 'name',
      fixed: 'left',
      width: 110,
      render: (name: string, worker) => <Link to={workerDetailPath(worker.id)}>{name}</Link>,
    },
    { title: '身份证号', dataIndex: 'idNumber', width: 180 },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '性别', dataIndex: 'gender', width: 70, render: (gender: TGender) => GENDER_LABELS[gender] },
    { title: '工种', dataIndex: 'jobTypeName', width: 120, render: (name: string | null) => name ?? '-' },
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (name: string | null) => name ?? '-' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: TWorkerStatus) => <WorkerStatusTag status={status} />,
    },
    {
      title: '实名状态',
      dataIndex: 'realNameStatus',
      width: 100,
      render: (status: TRealNameStatus) => <RealNameStatusTag status={status} />,
    },
    {
      title: '签约状态',
      dataIndex: 'contractStatus',
      width: 100,
      render: (status: TContractStatus) => <ContractStatusTag status={status} />,
    },
    {
      title: '入职日期',
      dataIndex: 'joinedAt',
      key: 'joinedAt',
      width: 120,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: sortOrderOf('joinedAt'),
      render: (date: string) => formatDate(date),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 180,
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: sortOrderOf('createdAt'),
      render: (time: string) => formatDateTime(time),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, worker) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(workerDetailPath(worker.id))}>
            详情
          </Button>
          {canEdit &&
            (worker.status === 'active' ? (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => {
                  setLeaving(worker);
                  setLeaveOpen(true);
                }}
              >
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
      <SearchForm<TSearchValues>
        form={form}
        initialValues={toSearchValues(listFilters)}
        onSearch={(values) => setFilters(toUrlFilters(values, sortState))}
        onReset={() => setFilters({})}
      >
        <Form.Item name="name" label="姓名">
          <TrimmedInput placeholder="请输入姓名（前缀匹配）" allowClear maxLength={50} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号">
          <TrimmedInput placeholder="请输入手机号" allowClear maxLength={11} />
        </Form.Item>
        <Form.Item name="idNumber" label="身份证号">
          <TrimmedInput placeholder="请输入完整身份证号" allowClear maxLength={18} />
        </Form.Item>
        <Form.Item name="jobTypeId" label="工种">
          <Select
            placeholder="全部"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={jobTypes.isPending}
            notFoundContent={jobTypes.isError ? '工种加载失败' : '暂无工种'}
            options={(jobTypes.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="departmentId" label="部门">
          <TreeSelect
            placeholder="全部"
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            loading={departments.isPending}
            notFoundContent={departments.isError ? '部门加载失败' : '暂无部门'}
            treeData={departmentTree}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="realNameStatus" label="实名状态">
          <Select placeholder="全部" allowClear options={REAL_NAME_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="joined" label="入职日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </SearchForm>

      <ListToolbar>
        <Permission element={WORKER_ELEMENTS.add}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(ADD_WORKER_PATH)}>
            添加员工
          </Button>
        </Permission>
        <Permission element={WORKER_ELEMENTS.import}>
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
            批量导入
          </Button>
        </Permission>
        <Permission element={WORKER_ELEMENTS.export}>
          <Button icon={<DownloadOutlined />} loading={exportWorkers.isPending} onClick={() => void onExport()}>
            导出
          </Button>
        </Permission>
      </ListToolbar>

      <ListTable<TWorkerRow>
        query={workers}
        noun="员工"
        isFiltered={Object.keys(filters).some((key) => key !== 'sort' && key !== 'order')}
        empty="暂无员工，可点击“添加员工”或“批量导入”"
        columns={columns}
        onChange={onTableChange}
        showSorterTooltip={false}
        pagination={pagination}
        scroll={{ x: 1500 }}
      />

      {leaving && (
        <LeaveModal
          open={isLeaveOpen}
          worker={leaving}
          onClose={() => setLeaveOpen(false)}
          afterClose={() => setLeaving(undefined)}
        />
      )}
      <ImportDrawer open={isImportOpen} onClose={() => setImportOpen(false)} />
    </Card>
  );
}
