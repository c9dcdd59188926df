import { screenPath } from '@flexpay/contract/web';
import { Button, Card, Space } from 'antd';
import { useNavigate } from 'react-router';
import { QueryState } from '../../../components/load-state.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { InvoiceDetail } from '../components/invoice-detail.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { INVOICE_ELEMENTS } from '../elements.ts';

/** 开票详情 (/invoiceCenter/recordsDetails?id=): the application, its batches, the PDF and the courier. */
export function Component() {
  const navigate = useNavigate();
  const id = useIdParam();
  const invoice = useInvoice(id);
  useTabDetail(invoice.data?.applicationNo);
  const back = <Button onClick={() => void navigate(screenPath('recordsList'))}>返回开票记录</Button>;
  if (!invoice.data)
    return (
      <QueryState
        query={invoice}
        notFound="开票申请不存在"
        frame={['开票详情']}
        loadingLabel="正在加载开票申请…"
        extra={back}
      />
    );
  const i = invoice.data;
  return (
    <Card
      title={`开票详情 ${i.applicationNo}`}
      extra={
        <Space>
          {i.status === 'rejected' && (
            <Permission element={INVOICE_ELEMENTS.apply}>
              <Button type="primary" onClick={() => void navigate(screenPath('recordsEdit', { id: i.id }))}>
                编辑并重新提交
              </Button>
            </Permission>
          )}
          {(i.status === 'issued' || i.status === 'mailed') && (
            <Button onClick={() => void navigate(screenPath('recordsCheck', { id: i.id }))}>发票核对</Button>
          )}
          {back}
        </Space>
      }
    >
      <InvoiceDetail invoice={i} />
    </Card>
  );
}
