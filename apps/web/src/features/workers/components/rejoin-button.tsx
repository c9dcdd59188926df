import type { TWorkerRow } from '@flexpay/contract/web';
import { App, Button, Popconfirm } from 'antd';
import { useRejoinWorker } from '../api/rejoin-worker.ts';

/** 恢复在职 after a confirmation. */
export function RejoinButton({ worker, size }: { worker: Pick<TWorkerRow, 'id' | 'name'>; size?: 'small' }) {
  const { message } = App.useApp();
  const rejoin = useRejoinWorker();

  const onConfirm = async () => {
    try {
      await rejoin.mutateAsync(worker.id);
    } catch {
      return; // the request layer has shown why
    }
    void message.success(`“${worker.name}”已恢复在职`);
  };

  return (
    <Popconfirm
      title="恢复在职"
      description={`确定将“${worker.name}”恢复为在职吗？`}
      okText="恢复在职"
      onConfirm={onConfirm}
    >
      <Button type={size ? 'link' : 'default'} size={size} loading={rejoin.isPending}>
        恢复在职
      </Button>
    </Popconfirm>
  );
}
