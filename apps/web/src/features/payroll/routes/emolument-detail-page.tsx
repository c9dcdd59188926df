import { screenPath } from '@flexpay/contract/web';
import { Button, Card, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useBatch } from '../api/get-batch.ts';
import { BatchSummary } from '../components/batch-summary.tsx';
import { ItemsTable } from '../components/items-table.tsx';
import { QueryState } from '../../../components/load-state.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

/** 发放明细 (/EmolumentManagement/emolumentDetail?id=): a batch's items, read only. */
export function Component() {
  const navigate = useNavigate();
  const id = useIdParam() ?? 0; // 0: no batch, its reads stay idle
  const batch = useBatch(id);
  useTabDetail(batch.data?.title);
  if (!batch.data)
    return <QueryState query={batch} notFound="发放批次不存在" frame={['发放明细']} loadingLabel="正在加载发放批次…" />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="发放明细"
        extra={<Button onClick={() => void navigate(screenPath('emolumentGrantDetails', { id: id }))}>发放详情</Button>}
      >
        <BatchSummary batch={batch.data} />
      </Card>
      <Card>
        <ItemsTable batch={batch.data} editable={false} />
      </Card>
    </Space>
  );
}
