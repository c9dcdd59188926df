import { Descriptions, Drawer, Empty, Timeline, Typography } from 'antd';
import { QueryState } from '../../../components/load-state.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useAssignment } from '../api/get-assignment.ts';
import { AssignmentStatusTag, DeliveryStatusTag } from './task-format.tsx';
import { TaskFileLinks } from './task-files.tsx';

/** A worker's assignment and every round of its deliveries, newest first: its history. */
export function AssignmentHistory({ assignmentId, onClose }: { assignmentId: number; onClose: () => void }) {
  const assignment = useAssignment(assignmentId);
  const a = assignment.data;
  return (
    <Drawer open size="large" title={a ? `${a.workerName} 的成果记录` : '成果记录'} onClose={onClose}>
      {!a ? (
        <QueryState query={assignment} notFound="任务人员不存在" />
      ) : (
        <>
          <Descriptions column={2} size="small" style={{ marginBottom: 24 }}>
            <Descriptions.Item label="状态">
              <AssignmentStatusTag status={a.status} />
            </Descriptions.Item>
            <Descriptions.Item label="约定金额">{formatMoney(a.agreedFen)}</Descriptions.Item>
            <Descriptions.Item label="添加时间">{formatDateTime(a.assignedAt)}</Descriptions.Item>
            <Descriptions.Item label="接单时间">{formatDateTime(a.answeredAt)}</Descriptions.Item>
            <Descriptions.Item label="应付金额">
              {a.payableFen === null ? '-' : formatMoney(a.payableFen)}
            </Descriptions.Item>
            <Descriptions.Item label="发放">
              {a.confirmation?.batch ? a.confirmation.batch.title : a.confirmation ? '待确认' : '-'}
            </Descriptions.Item>
          </Descriptions>
          {a.deliveries.length === 0 ? (
            <Empty description="尚未提交成果" />
          ) : (
            <Timeline
              items={a.deliveries.map((d) => ({
                key: d.id,
                content: (
                  <div>
                    <Typography.Text strong>{`第 ${d.round} 轮`}</Typography.Text>{' '}
                    <DeliveryStatusTag status={d.status} />
                    <div>
                      {`${d.submittedBy.name} 提交于 ${formatDateTime(d.submittedAt)}`}
                      {d.quantity !== null ? `，数量 ${d.quantity}` : ''}
                    </div>
                    {d.description && (
                      <Typography.Paragraph style={{ margin: '4px 0' }}>{d.description}</Typography.Paragraph>
                    )}
                    <TaskFileLinks files={d.files} />
                    {d.reviewedBy && (
                      <div>
                        {`${d.reviewedBy.name} 验收于 ${formatDateTime(d.reviewedAt)}`}
                        {d.passedFen !== null ? `，应付 ${formatMoney(d.passedFen)}` : ''}
                      </div>
                    )}
                    {d.rejectReason && <Typography.Text type="danger">{`驳回原因：${d.rejectReason}`}</Typography.Text>}
                  </div>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
