import {
  INVOICE_APPLY_STEP_LABELS,
  INVOICE_APPLY_STEPS,
  PAYROLL_STATUS_LABELS,
  screenPath,
  type TInvoiceApplicationDetail,
  type TInvoiceBatch,
} from '@flexpay/contract/web';
import { Alert, App, Button, Card, Result, Select, Space, Steps, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryState } from '../../../components/load-state.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useApplyInvoice } from '../api/apply-invoice.ts';
import { useInvoiceBatches } from '../api/get-invoice-batches.ts';
import { useInvoiceable } from '../api/get-invoiceable.ts';
import { ConfirmForm, type TPickedBatch } from '../components/confirm-form.tsx';
import { TrimmedSearch } from '../../../components/trimmed-search.tsx';

const PAGE_SIZE = 10;

/**
 * 申请开票 (/invoiceCenter/apply): 选择订单 (one service company's paid batches with their
 * invoiceable amounts) → 确认开票信息 (info, type, content, amounts) → 提交成功.
 */
export function Component() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invoiceable = useInvoiceable();
  const [step, setStep] = useState(0);
  const [serviceCompanyId, setServiceCompanyId] = useState<number | undefined>();
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<number, TInvoiceBatch>>(new Map());
  const [done, setDone] = useState<TInvoiceApplicationDetail | null>(null);
  const apply = useApplyInvoice();

  const companies = invoiceable.data ?? [];
  const current = companies.find((c) => c.serviceCompanyId === serviceCompanyId) ?? companies[0];
  const scId = current?.serviceCompanyId;
  const batches = useInvoiceBatches(
    { serviceCompanyId: scId, title: title || undefined, invoiceable: 'true', page, limit: PAGE_SIZE },
    scId !== undefined,
  );
  const pickedList: TPickedBatch[] = useMemo(
    () =>
      [...picked.values()].map((b) => ({
        batchId: b.batchId,
        title: b.title,
        period: b.period,
        maxFen: b.invoiceableFen,
        amountFen: b.invoiceableFen,
      })),
    [picked],
  );
  const pickedFen = pickedList.reduce((s, b) => s + b.amountFen, 0);

  if (!invoiceable.data) return <QueryState query={invoiceable} notFound="可开票金额不存在" />;
  if (!current) return <Result status="info" title="还没有签约的服务商，暂不能申请开票" />;

  const steps = (
    <Steps
      current={step}
      items={INVOICE_APPLY_STEPS.map((s) => ({ title: INVOICE_APPLY_STEP_LABELS[s] }))}
      style={{ marginBottom: 24 }}
    />
  );

  if (step === 2 && done) {
    return (
      <Card title="申请开票">
        {steps}
        <Result
          status="success"
          title="开票申请已提交"
          subTitle={`申请编号 ${done.applicationNo}，开票金额 ${formatMoney(done.amountFen)}，等待平台审核开票`}
          extra={[
            <Button
              key="detail"
              type="primary"
              onClick={() => void navigate(screenPath('recordsDetails', { id: done.id }))}
            >
              查看开票详情
            </Button>,
            <Button key="list" onClick={() => void navigate(screenPath('recordsList'))}>
              开票记录
            </Button>,
          ]}
        />
      </Card>
    );
  }

  if (step === 1) {
    return (
      <Card title="申请开票">
        {steps}
        <ConfirmForm
          serviceCompany={current}
          batches={pickedList}
          submitText="提交申请"
          pending={apply.isPending}
          onSubmit={async (body) => {
            const result = await apply.mutateAsync({ body });
            void message.success('开票申请已提交');
            setDone(result);
            setPicked(new Map());
            setStep(2);
          }}
          extra={<Button onClick={() => setStep(0)}>上一步</Button>}
        />
      </Card>
    );
  }

  return (
    <Card title="申请开票">
      {steps}
      <Space wrap style={{ marginBottom: 16 }}>
        <span>服务商</span>
        <Select<number>
          aria-label="服务商"
          style={{ width: 260 }}
          value={current.serviceCompanyId}
          onChange={(v) => {
            setServiceCompanyId(v);
            setPicked(new Map());
            setPage(1);
          }}
          options={companies.map((c) => ({ value: c.serviceCompanyId, label: c.serviceCompanyName }))}
        />
        <TrimmedSearch
          aria-label="批次名称"
          placeholder="批次名称"
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => {
            setTitle(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          <span>
            {current.serviceCompanyName} 可开票金额{' '}
            <Typography.Text strong>{formatMoney(current.invoiceableFen)}</Typography.Text>
            （已发放 {formatMoney(current.paidFen)}，已申请 {formatMoney(current.appliedFen)}）
          </span>
        }
      />
      <Table<TInvoiceBatch>
        rowKey="batchId"
        size="middle"
        loading={batches.isFetching}
        dataSource={batches.data?.rows ?? []}
        locale={{ emptyText: '暂无可开票的订单：发放完成的批次会显示在这里' }}
        rowSelection={{
          selectedRowKeys: [...picked.keys()],
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => {
            // Rows of other pages stay picked (their objects are kept in the map).
            const next = new Map(picked);
            const onPage = new Set((batches.data?.rows ?? []).map((r) => r.batchId));
            for (const id of onPage) next.delete(id);
            for (const r of rows) if (r) next.set(r.batchId, r);
            setPicked(next);
          },
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: batches.data?.total ?? 0,
          onChange: setPage,
          showTotal: (n) => `共 ${n} 个订单`,
        }}
        columns={[
          { title: '批次名称', dataIndex: 'title' },
          { title: '月份', dataIndex: 'period', width: 90 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: TInvoiceBatch['status']) => PAYROLL_STATUS_LABELS[s],
          },
          { title: '成功笔数', dataIndex: 'paidCount', width: 90, align: 'right' },
          { title: '扣款金额', dataIndex: 'paidFen', width: 130, align: 'right', render: formatMoney },
          { title: '已申请', dataIndex: 'appliedFen', width: 120, align: 'right', render: formatMoney },
          { title: '可开票金额', dataIndex: 'invoiceableFen', width: 130, align: 'right', render: formatMoney },
          { title: '创建时间', dataIndex: 'createdAt', width: 110, render: formatDateTime },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Typography.Text>
          已选 {picked.size} 个订单，合计 <Typography.Text strong>{formatMoney(pickedFen)}</Typography.Text>
        </Typography.Text>
        <Button type="primary" disabled={picked.size === 0} onClick={() => setStep(1)}>
          下一步
        </Button>
      </Space>
    </Card>
  );
}
