import { APPROVAL_TYPE_LABELS, screenPath, type TApprovalRequest } from '@flexpay/contract/web';
import { AuditOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, List, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { usePendingApprovalCount } from '../../../api/get-pending-approval-count.ts';
import { usePendingApprovals } from '../../../api/get-pending-approvals.ts';

/** Where an approval's subject is shown (a batch's 发放详情, a top-up's 充值记录, an invoice's 开票详情). */
function subjectPath(request: TApprovalRequest): string | undefined {
  if (request.subject.kind === 'payroll_batch') return screenPath('emolumentGrantDetails', { id: request.subject.id });
  if (request.subject.kind === 'topup') return screenPath('listMoney', { tab: 'topups' });
  if (request.subject.kind === 'invoice') return screenPath('recordsDetails', { id: request.subject.id });
  return undefined;
}

/**
 * The request's title without its type when it starts with it (the title of a batch's approval
 * reads `发放 …`): the tag before it already says the type.
 */
export function titleAfterType(request: TApprovalRequest): string {
  const label = APPROVAL_TYPE_LABELS[request.type];
  return request.title.startsWith(label) ? request.title.slice(label.length).trimStart() : request.title;
}

/**
 * The line under a request's title: its amount only when the title does not already show one (a
 * batch's and a top-up's title carry it: `发放 …（20 人，¥65,923.50）`), then step, who and when.
 */
export function pendingDescription(request: TApprovalRequest): string {
  const amount = request.title.includes('¥') ? [] : [formatMoney(request.amountFen)];
  const rest = `第 ${request.currentStep}/${request.stepCount} 步 · ${request.creator.name} 提交于 ${formatDateTime(request.createdAt)}`;
  return [...amount, rest].join(' · ');
}

/** The top bar's 待我审批: a badge with the count, a drawer with what waits, each a link to it. */
export function PendingApprovalsButton() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = usePendingApprovalCount();
  const pending = usePendingApprovals(open);
  const n = count.data?.count ?? 0;
  return (
    <>
      <Tooltip title="待我审批">
        <Badge count={n} size="small" offset={[-6, 6]}>
          <Button type="text" className="navbar-item" aria-label={`待我审批 ${n}`} onClick={() => setOpen(true)}>
            <AuditOutlined />
          </Button>
        </Badge>
      </Tooltip>
      <Drawer title={`待我审批（${n}）`} open={open} onClose={() => setOpen(false)} size={480}>
        <List<TApprovalRequest>
          loading={pending.isFetching}
          dataSource={pending.data ?? []}
          locale={{ emptyText: pending.isError ? '待审批事项加载失败，请稍后再试' : '暂无待审批事项' }}
          renderItem={(r) => {
            const path = subjectPath(r);
            return (
              <List.Item
                actions={
                  path
                    ? [
                        <Button
                          key="go"
                          type="link"
                          onClick={() => {
                            setOpen(false);
                            void navigate(path);
                          }}
                        >
                          去审批
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <>
                      <Tag>{APPROVAL_TYPE_LABELS[r.type]}</Tag>
                      {titleAfterType(r)}
                    </>
                  }
                  description={<Typography.Text type="secondary">{pendingDescription(r)}</Typography.Text>}
                />
              </List.Item>
            );
          }}
        />
      </Drawer>
    </>
  );
}
