import { INVOICE_STATUS_LABELS, screenPath, type TInvoiceApplicationDetail } from '@flexpay/contract/web';
import { Alert, App, Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { QueryState } from '../../../components/load-state.tsx';
import { useApplyInvoice } from '../api/apply-invoice.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { useInvoiceable } from '../api/get-invoiceable.ts';
import { ConfirmForm } from '../components/confirm-form.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

/** 编辑开票申请 (/invoiceCenter/recordsEdit?id=): a rejected application, changed and submitted again. */
export function Component() {
  const navigate = useNavigate();
  const id = useIdParam();
  const invoice = useInvoice(id);
  const back = <Button onClick={() => void navigate(screenPath('recordsList'))}>返回开票记录</Button>;
  if (!invoice.data) return <QueryState query={invoice} notFound="开票申请不存在" extra={back} />;
  return <EditForm invoice={invoice.data} />;
}

function EditForm({ invoice }: { invoice: TInvoiceApplicationDetail }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invoiceable = useInvoiceable();
  const apply = useApplyInvoice();
  const details = screenPath('recordsDetails', { id: invoice.id });
  if (invoice.status !== 'rejected') {
    return (
      <Result
        status="warning"
        title={`${INVOICE_STATUS_LABELS[invoice.status]}的申请不能编辑`}
        extra={<Button onClick={() => void navigate(details)}>查看开票详情</Button>}
      />
    );
  }
  if (!invoiceable.data) return <QueryState query={invoiceable} notFound="服务商不存在" />;
  const sc = invoiceable.data.find((c) => c.serviceCompanyId === invoice.serviceCompanyId);
  if (!sc) return <Result status="warning" title="该服务商已不再签约，不能重新提交" />;
  return (
    <Card title={`编辑开票申请 ${invoice.applicationNo}`}>
      <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`驳回原因：${invoice.rejectReason ?? '-'}`} />
      <ConfirmForm
        serviceCompany={sc}
        // A rejected application holds nothing: each batch may take up to its paid total, less others.
        batches={invoice.batches.map((b) => ({
          batchId: b.batchId,
          title: b.title,
          period: b.period,
          maxFen: b.paidFen,
          amountFen: b.amountFen,
        }))}
        initial={{
          infoId: invoice.infoId ?? undefined,
          invoiceType: invoice.invoiceType,
          content: invoice.content,
          remark: invoice.remark,
        }}
        maxTitle="扣款金额"
        submitText="重新提交"
        pending={apply.isPending}
        onSubmit={async (body) => {
          await apply.mutateAsync({ id: invoice.id, body });
          void message.success('开票申请已重新提交');
          await navigate(details);
        }}
        extra={<Button onClick={() => void navigate(details)}>取消</Button>}
      />
    </Card>
  );
}
