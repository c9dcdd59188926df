import { Code, GENDER_LABELS, screenPath, type TWorkerDetail } from '@flexpay/contract/web';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Flex, Popconfirm, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadingFrame } from '../../../components/load-state.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date-time.ts';
import { isApiError } from '../../../lib/request.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useDeleteWorker } from '../api/delete-worker.ts';
import { useWorker } from '../api/get-worker.ts';
import { shownIdNumber } from '../components/id-number.ts';
import { LeaveModal } from '../components/leave-modal.tsx';
import { PayoutAccounts } from '../components/payout-accounts.tsx';
import { AgreementsCard } from '../components/agreements-card.tsx';
import { RealNameCard } from '../components/real-name-card.tsx';
import { RejoinButton } from '../components/rejoin-button.tsx';
import { WorkerEditForm } from '../components/worker-edit-form.tsx';
import { ContractStatusTag, RealNameStatusTag, WorkerStatusTag } from '../components/worker-tags.tsx';
import { WORKER_ELEMENTS } from '../elements.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';

function BasicInfo({ worker }: { worker: TWorkerDetail }) {
  return (
    <Descriptions
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'name', label: '姓名', children: worker.name },
        {
          key: 'idNumber',
          label: '身份证号',
          children: (
            <Space size={4}>
              {shownIdNumber(worker)}
              {!worker.sensitiveVisible && <Typography.Text type="secondary">（已脱敏）</Typography.Text>}
            </Space>
          ),
        },
        { key: 'gender', label: '性别', children: GENDER_LABELS[worker.gender] },
        // The birth date only with the full ID number: it is the part the mask hides.
        { key: 'age', label: '年龄', children: `${worker.age} 岁` },
        ...(worker.sensitiveVisible && worker.birthDate
          ? [{ key: 'birthDate', label: '出生日期', children: formatDate(worker.birthDate) }]
          : []),
        { key: 'province', label: '户籍省份', children: worker.province || '-' },
        { key: 'mobile', label: '手机号', children: worker.mobile },
        { key: 'jobType', label: '工种', children: worker.jobTypeName ?? '-' },
        { key: 'department', label: '部门', children: worker.departmentName ?? '-' },
        { key: 'status', label: '状态', children: <WorkerStatusTag status={worker.status} /> },
        { key: 'realName', label: '实名状态', children: <RealNameStatusTag status={worker.realNameStatus} /> },
        { key: 'joinedAt', label: '入职日期', children: formatDate(worker.joinedAt) },
        ...(worker.status === 'left'
          ? [{ key: 'leftAt', label: '离职日期', children: formatDate(worker.leftAt) }]
          : []),
        { key: 'createdAt', label: '创建时间', children: formatDateTime(worker.createdAt) },
        { key: 'updatedAt', label: '更新时间', children: formatDateTime(worker.updatedAt) },
        { key: 'remark', label: '备注', span: 'filled', children: worker.remark || '-' },
      ]}
    />
  );
}

/** 员工详情 (/EmployeeManagement/detailEmployee?id=ID). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam();
  const worker = useWorker(id);
  const deleteWorker = useDeleteWorker();
  const canEdit = useHasElement(WORKER_ELEMENTS.edit);
  const canDeleteElement = useHasElement(WORKER_ELEMENTS.delete);
  const [isEditing, setEditing] = useState(false);
  const [isLeaveOpen, setLeaveOpen] = useState(false);
  // The tab names the worker once loaded: 员工详情 - 张三.
  useTabDetail(worker.data?.name);
  const backToList = (
    <Button key="back" onClick={() => void navigate(screenPath('listEmployee'))}>
      返回员工列表
    </Button>
  );

  if (id === undefined) {
    return (
      <Card>
        <Result status="warning" title="缺少员工编号" subTitle="请从员工列表进入员工详情。" extra={backToList} />
      </Card>
    );
  }
  if (worker.isPending) {
    // The page's frame while it loads: its cards with their titles, their content as skeletons.
    return (
      <LoadingFrame cards={['基本信息', '实名认证', '收款账户', '签约状态']} label="正在加载员工信息…">
        <Card>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回员工列表"
            onClick={() => void navigate(screenPath('listEmployee'))}
          />
        </Card>
      </LoadingFrame>
    );
  }
  if (worker.isError) {
    const isMissing = isApiError(worker.error) && worker.error.status === Code.NOT_FOUND;
    return (
      <Card>
        <Result
          status={isMissing ? '404' : 'error'}
          title={isMissing ? '员工不存在或已被删除' : '员工信息加载失败'}
          subTitle={isMissing ? undefined : worker.error.message}
          extra={[
            ...(isMissing
              ? []
              : [
                  <Button key="retry" onClick={() => void worker.refetch()} loading={worker.isFetching}>
                    重新加载
                  </Button>,
                ]),
            backToList,
          ]}
        />
      </Card>
    );
  }

  const data = worker.data;
  const onDelete = async () => {
    try {
      await deleteWorker.mutateAsync(data.id);
    } catch {
      return; // the request layer has shown why
    }
    void message.success(`员工“${data.name}”已删除`);
    await navigate(screenPath('listEmployee'));
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <Space size={12} wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label="返回员工列表"
              onClick={() => void navigate(screenPath('listEmployee'))}
            />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {data.name}
            </Typography.Title>
            <WorkerStatusTag status={data.status} />
            <RealNameStatusTag status={data.realNameStatus} />
            <ContractStatusTag status={data.contractStatus} />
          </Space>
          <Space wrap>
            {canEdit &&
              (data.status === 'active' ? (
                <Button danger onClick={() => setLeaveOpen(true)}>
                  离职
                </Button>
              ) : (
                <RejoinButton worker={data} />
              ))}
            {canDeleteElement && data.canDelete && (
              <Popconfirm
                title="删除员工"
                description={`确定删除员工“${data.name}”吗？其收款账户将一并删除，且不可恢复。`}
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={onDelete}
              >
                <Button danger type="primary" loading={deleteWorker.isPending}>
                  删除员工
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Flex>
      </Card>

      <Card
        title="基本信息"
        extra={
          canEdit &&
          !isEditing && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              编辑
            </Button>
          )
        }
      >
        {isEditing && canEdit ? (
          <WorkerEditForm worker={data} onDone={() => setEditing(false)} />
        ) : (
          <BasicInfo worker={data} />
        )}
      </Card>

      <RealNameCard worker={data} />

      <PayoutAccounts worker={data} canEdit={canEdit} />

      <AgreementsCard worker={data} />

      <LeaveModal open={isLeaveOpen} worker={data} onClose={() => setLeaveOpen(false)} />
    </Flex>
  );
}
