import { PAYROLL_EDITABLE_STATUSES, screenPath, type TPayrollBatch } from '@flexpay/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ImportDrawer } from '../../../components/import/import-drawer.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useHasElement } from '../../../lib/session-store.ts';
import { useCheckBatch } from '../api/check-batch.ts';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { batchQueryOptions, useBatch } from '../api/get-batch.ts';
import { payrollImportKind } from '../api/payroll-import.ts';
import { BatchSummary } from '../components/batch-summary.tsx';
import { ItemsTable } from '../components/items-table.tsx';
import { WorkerPicker } from '../components/worker-picker.tsx';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { QueryState } from '../../../components/load-state.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

/** Items added but not checked yet. */
const uncheckedOf = (b: TPayrollBatch) => b.itemCount - b.okCount - b.failedCount;

/**
 * 核对明细 (/EmolumentManagement/emolumentCheck?id=): add items (sheet or picked workers; what was
 * added is checked at once), fix or remove what fails, check again, then on to 核对确认.
 */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = useIdParam() ?? 0; // 0: no batch, its reads stay idle
  const batch = useBatch(id);
  useTabDetail(batch.data?.title);
  const check = useCheckBatch();
  const queryClient = useQueryClient();
  const mayCheck = useHasElement(PAYROLL_ELEMENTS.check);
  const [adding, setAdding] = useState<'sheet' | 'workers' | undefined>(() => {
    const add = params.get('add');
    return add === 'sheet' || add === 'workers' ? add : undefined;
  });

  const onCheck = async (batchId: number) => {
    try {
      const checked = await check.mutateAsync(batchId);
      if (checked.failedCount > 0)
        void message.warning(`核对完成：${checked.failedCount} 条未通过，请修改或删除后重新核对`);
      else void message.success('核对通过');
    } catch {
      // the request layer has shown why
    }
  };

  // The import drawer or the picker closed: check at once what it added.
  const onAdded = async () => {
    setAdding(undefined);
    // A reload must not open the adder again.
    if (params.has('add'))
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('add');
          return next;
        },
        { replace: true },
      );
    if (!mayCheck) return;
    const fresh = await queryClient.fetchQuery(batchQueryOptions(id)).catch(() => undefined);
    if (fresh && PAYROLL_EDITABLE_STATUSES.includes(fresh.status) && uncheckedOf(fresh) > 0) await onCheck(fresh.id);
  };

  if (!batch.data)
    return (
      <QueryState
        query={batch}
        notFound="发放批次不存在"
        extra={<Button onClick={() => void navigate(screenPath('emolumentCheckList'))}>返回薪酬核对</Button>}
      />
    );
  const b = batch.data;
  const editable = PAYROLL_EDITABLE_STATUSES.includes(b.status);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="核对明细"
        extra={
          <Space wrap>
            {editable && (
              // One Space item per button: buttons sharing an item would touch.
              <Permission element={PAYROLL_ELEMENTS.create}>
                <Space>
                  <Button onClick={() => setAdding('sheet')}>导入明细</Button>
                  <Button onClick={() => setAdding('workers')}>选择员工</Button>
                </Space>
              </Permission>
            )}
            {editable && (
              <Permission element={PAYROLL_ELEMENTS.check}>
                <Space>
                  <Button
                    type={b.status === 'confirming' ? 'default' : 'primary'}
                    loading={check.isPending}
                    disabled={b.itemCount === 0}
                    onClick={() => void onCheck(b.id)}
                  >
                    {b.checkedAt ? '重新核对' : '开始核对'}
                  </Button>
                  <Button
                    type="primary"
                    disabled={b.status !== 'confirming'}
                    onClick={() => void navigate(screenPath('emolumentCheckVerify', { id: b.id }))}
                  >
                    下一步：核对确认
                  </Button>
                </Space>
              </Permission>
            )}
            <Button onClick={() => void navigate(screenPath('emolumentGrantDetails', { id: b.id }))}>发放详情</Button>
          </Space>
        }
      >
        <BatchSummary batch={b} />
      </Card>
      <Card>
        <ItemsTable batch={b} />
      </Card>
      {adding === 'sheet' && <ImportDrawer kind={payrollImportKind(b.id)} open onClose={() => void onAdded()} />}
      <WorkerPicker batchId={b.id} open={adding === 'workers'} onClose={() => void onAdded()} />
    </Space>
  );
}
