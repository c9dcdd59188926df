import { REAL_NAME_FACTOR_LABELS, REAL_NAME_RUN_SOURCE_LABELS, type TWorkerDetail } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Tag, Typography } from 'antd';
import { Permission } from '../../../components/permission.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { workerQueryOptions } from '../api/get-worker.ts';
import { useVerifyWorker } from '../api/verify-worker.ts';
import { WORKER_ELEMENTS } from '../elements.ts';
import { RealNameStatusTag } from './worker-tags.tsx';

/** While the worker is 认证中, the detail is read again this often. */
const POLL_MS = 2_000;

/**
 * 实名认证 on the worker's detail: the latest verification's outcome, its reason, how (二要素 or
 * 三要素), the provider's reference and times, and 重新认证. While 认证中 the detail is polled,
 * until the server has stopped asking the provider by itself (REAL_NAME_AUTO_ATTEMPTS runs without
 * an answer): then it says so and 重新认证 is offered.
 */
export function RealNameCard({ worker }: { worker: TWorkerDetail }) {
  const { message } = App.useApp();
  const check = worker.realName;
  const stopped = worker.realNameStatus === 'verifying' && check?.retryStopped === true;
  const verifying = worker.realNameStatus === 'verifying' && !stopped;
  // The same detail, polled while the provider has not answered and is still asked.
  useQuery({ ...workerQueryOptions(worker.id), refetchInterval: verifying ? POLL_MS : false });
  const verify = useVerifyWorker();

  const onVerify = async () => {
    try {
      await verify.mutateAsync(worker.id);
    } catch {
      return; // the request layer has shown why
    }
    void message.success('已提交重新认证，结果将自动更新');
  };

  return (
    <Card
      title="实名认证"
      extra={
        <Permission element={WORKER_ELEMENTS.verify}>
          <Button onClick={() => void onVerify()} loading={verify.isPending} disabled={verifying}>
            重新认证
          </Button>
        </Permission>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: 'status',
            label: '认证状态',
            children: (
              <>
                <RealNameStatusTag status={worker.realNameStatus} />
                {stopped && <Tag color="warning">已停止自动重试</Tag>}
              </>
            ),
          },
          {
            key: 'reason',
            label: '原因',
            children:
              worker.realNameStatus === 'failed' && check?.reason ? (
                <Typography.Text type="danger">{check.reason}</Typography.Text>
              ) : stopped && check ? (
                `认证服务长时间未返回结果，已尝试 ${check.attempts} 次，已停止自动重试，请稍后点击“重新认证”`
              ) : verifying && check && check.attempts > 0 ? (
                `认证服务暂不可用，已尝试 ${check.attempts} 次，将自动重试`
              ) : verifying ? (
                '认证中，结果将自动更新'
              ) : (
                '—'
              ),
          },
          {
            key: 'factors',
            label: '认证方式',
            children: check?.factors ? REAL_NAME_FACTOR_LABELS[check.factors] : '—',
          },
          { key: 'source', label: '发起原因', children: check ? REAL_NAME_RUN_SOURCE_LABELS[check.source] : '—' },
          { key: 'requestedAt', label: '发起时间', children: check ? formatDateTime(check.requestedAt) : '—' },
          {
            key: 'answeredAt',
            label: '认证时间',
            children: check?.answeredAt ? formatDateTime(check.answeredAt) : '—',
          },
          { key: 'providerRef', label: '认证流水号', children: check?.providerRef ?? '—' },
        ]}
      />
    </Card>
  );
}
