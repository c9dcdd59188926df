import { REAL_NAME_RUN_SOURCE_LABELS, type TRealNameRun } from '@flexpay/contract/web';
import { Alert, Flex, Progress } from 'antd';
import { useImportRealName } from '../api/get-import-real-name.ts';
import { useRealNameRuns } from '../api/get-real-name-runs.ts';

/**
 * The worker list's note of real-name verifications running in the background (an import's
 * workers), with their progress; the runs that ended in the last minutes say how they ended.
 */
export function RealNameProgress() {
  const runs = useRealNameRuns();
  const list = runs.data ?? [];
  if (!list.length) return null;
  return (
    <Flex vertical gap={8}>
      {list.map((run) => (
        <RealNameRunAlert
          key={run.id}
          run={run}
          what={`${REAL_NAME_RUN_SOURCE_LABELS[run.source]}的 ${run.total} 名员工`}
        />
      ))}
    </Flex>
  );
}

/**
 * The import drawer's progress of its workers' verification (已认证 / 认证失败 / 认证中), read
 * again while some are 认证中.
 */
export function ImportRealNameProgress({ importId }: { importId: string }) {
  const run = useImportRealName(importId);
  if (!run.data) return null;
  return <RealNameRunAlert run={run.data} what={`导入的 ${run.data.total} 名员工`} />;
}

/** One run: how many are verified, failed and still 认证中, with a progress bar while some are. */
function RealNameRunAlert({ run, what }: { run: TRealNameRun; what: string }) {
  const done = run.total - run.pending;
  const percent = run.total ? Math.floor((done / run.total) * 100) : 100;
  return (
    <Alert
      type={run.pending > 0 ? 'info' : run.failed > 0 ? 'warning' : 'success'}
      showIcon
      title={run.pending > 0 ? `${what}正在实名认证：已完成 ${done} / ${run.total}` : `${what}实名认证已完成`}
      description={
        <Flex vertical gap={4}>
          <span>{`已认证 ${run.verified}，认证失败 ${run.failed}${run.pending > 0 ? `，认证中 ${run.pending}` : ''}`}</span>
          {run.pending > 0 && <Progress percent={percent} status="active" aria-label={`${what}实名认证进度`} />}
        </Flex>
      }
    />
  );
}
