import type { TWorkerRow } from '@flexpay/contract/web';
import { App, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { useWorkers } from '../../../api/get-workers.ts';
import { usePickWorkers } from '../api/pick-workers.ts';
import { yuanToFen } from './payroll-format.tsx';
import { TrimmedSearch } from '../../../components/trimmed-search.tsx';

/** 选择员工: search 在职 workers, tick them, give each an amount; they become items of the batch. */
export function WorkerPicker({ batchId, open, onClose }: { batchId: number; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const workers = useWorkers({ status: 'active', page, limit: 10, ...(name ? { name } : {}) });
  const [picked, setPicked] = useState<Map<number, { worker: TWorkerRow; amount: number | null }>>(new Map());
  const pick = usePickWorkers();

  const total = [...picked.values()].reduce((sum, p) => sum + (yuanToFen(p.amount) ?? 0), 0);
  const onOk = async () => {
    const items = [...picked.values()];
    if (!items.length) {
      void message.warning('请至少选择一名员工');
      return;
    }
    const missing = items.find((p) => !yuanToFen(p.amount));
    if (missing) {
      void message.warning(`请填写 ${missing.worker.name} 的金额（大于 0，最多两位小数）`);
      return;
    }
    try {
      await pick.mutateAsync({
        id: batchId,
        items: items.map((p) => ({ workerId: p.worker.id, amountFen: yuanToFen(p.amount) ?? 0 })),
      });
      void message.success(`已添加 ${items.length} 条发放明细`);
      setPicked(new Map());
      onClose();
    } catch {
      // the request layer has shown why
    }
  };

  return (
    <Modal
      open={open}
      title="选择员工"
      width={820}
      okText={`添加 ${picked.size} 人`}
      okButtonProps={{ loading: pick.isPending }}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <TrimmedSearch
          placeholder="按姓名搜索在职员工"
          allowClear
          onSearch={(v) => {
            setName(v.trim());
            setPage(1);
          }}
          style={{ width: 280 }}
        />
        <Table<TWorkerRow>
          rowKey="id"
          size="small"
          loading={workers.isFetching}
          dataSource={workers.data?.rows ?? []}
          pagination={{
            current: page,
            pageSize: 10,
            total: workers.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          rowSelection={{
            selectedRowKeys: [...picked.keys()],
            preserveSelectedRowKeys: true,
            onSelect: (worker, selected) =>
              setPicked((prev) => {
                const next = new Map(prev);
                if (selected) next.set(worker.id, { worker, amount: null });
                else next.delete(worker.id);
                return next;
              }),
            onSelectAll: (selected, _rows, changed) =>
              setPicked((prev) => {
                const next = new Map(prev);
                for (const w of changed) {
                  if (selected) next.set(w.id, { worker: w, amount: null });
                  else next.delete(w.id);
                }
                return next;
              }),
          }}
          columns={[
            { title: '姓名', dataIndex: 'name', width: 100 },
            { title: '身份证号', dataIndex: 'idNumber', width: 180 },
            { title: '手机号', dataIndex: 'mobile', width: 130 },
            {
              title: '金额（元）',
              key: 'amount',
              render: (_, w) =>
                picked.has(w.id) ? (
                  <InputNumber
                    aria-label={`${w.name} 的金额`}
                    min={0.01}
                    precision={2}
                    value={picked.get(w.id)?.amount ?? null}
                    onChange={(amount) =>
                      setPicked((prev) => new Map(prev).set(w.id, { worker: w, amount: amount ?? null }))
                    }
                  />
                ) : (
                  <Typography.Text type="secondary">勾选后填写</Typography.Text>
                ),
            },
          ]}
        />
        <Typography.Text>
          已选 {picked.size} 人，合计 {formatMoney(total)}
        </Typography.Text>
      </Space>
    </Modal>
  );
}
