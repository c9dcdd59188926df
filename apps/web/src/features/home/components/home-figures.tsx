import { screenPath, type THomeSummary } from '@flexpay/contract/web';
import { Card, Col, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useHomeSummary } from '../api/get-home-summary.ts';
import { HomeContent } from './home-content.tsx';

/**
 * One figure: its title, its value and a link to the screen of the element behind it
 * (ELEMENT_SCREENS), which an admin shown the figure can open.
 */
function Figure({ title, value, to, extra }: { title: string; value: string; to: string; extra?: string }) {
  return (
    <Col xs={24} sm={12} xl={6}>
      <Link to={to}>
        <Card size="small" hoverable data-testid="home-figure">
          <Statistic title={title} value={value} formatter={() => value} />
          {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
        </Card>
      </Link>
    </Col>
  );
}

function figuresOf(s: THomeSummary): ReactNode[] {
  const out: ReactNode[] = [];
  for (const b of s.balances ?? []) {
    out.push(
      <Figure
        key={`balance-${b.serviceCompanyId}`}
        title={`可用余额 · ${b.serviceCompanyName}`}
        value={formatMoney(b.availableFen)}
        to={screenPath('listMoney')}
      />,
    );
  }
  if (s.paidThisMonth) {
    out.push(
      <Figure
        key="paid"
        title="本月已发放（含服务费）"
        value={formatMoney(s.paidThisMonth.amountFen)}
        extra={`${s.paidThisMonth.count} 笔`}
        to={screenPath('emolumentGrant')}
      />,
    );
  }
  if (s.approvals) {
    out.push(
      <Figure
        key="approvals"
        title="待我审批的发放"
        value={`${s.approvals.count} 批`}
        to={screenPath('emolumentGrant')}
      />,
    );
  }
  if (s.toPay) {
    out.push(
      <Figure
        key="toPay"
        title="待支付的发放"
        value={`${s.toPay.count} 批`}
        extra={`共 ${formatMoney(s.toPay.amountFen)}`}
        to={screenPath('payRoll')}
      />,
    );
  }
  if (s.invoiceable) {
    out.push(
      <Figure
        key="invoiceable"
        title="可开票金额"
        value={formatMoney(s.invoiceable.amountFen)}
        to={screenPath('apply')}
      />,
    );
  }
  if (s.reviews) {
    out.push(
      <Figure key="reviews" title="待验收的成果" value={`${s.reviews.count} 份`} to={screenPath('taskCenterIndex')} />,
    );
  }
  return out;
}

/** 首页's live figures and 最近动态: only those the admin's roles grant (the server leaves the rest out). */
export function HomeFigures() {
  const summary = useHomeSummary();
  if (summary.isPending) {
    return (
      <Col span={24}>
        <Card>
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
      </Col>
    );
  }
  if (!summary.data) return null;
  const s = summary.data;
  const figures = figuresOf(s);
  return (
    <>
      {figures.length > 0 && (
        <Col span={24}>
          <Card title="工作台">
            <Row gutter={[12, 12]}>{figures}</Row>
          </Card>
        </Col>
      )}
      <HomeContent modules={s.modules} adverts={s.adverts} />
      {s.articles && s.articles.length > 0 && (
        <Col span={24}>
          <Card title="最新文章" extra={<Link to={screenPath('article')}>全部文章</Link>}>
            <List
              size="small"
              dataSource={s.articles}
              renderItem={(a) => (
                <List.Item
                  data-testid="home-article"
                  extra={<Typography.Text type="secondary">{formatDateTime(a.publishedAt)}</Typography.Text>}
                >
                  <List.Item.Meta
                    title={<Link to={screenPath('readArticle', { id: a.id })}>{a.title}</Link>}
                    description={a.summary || null}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      )}
      {s.activity && (
        <Col span={24}>
          <Card title="最近动态" extra={<Link to={screenPath('listMoney')}>操作日志</Link>}>
            <List
              size="small"
              dataSource={s.activity}
              locale={{ emptyText: '暂无动态' }}
              renderItem={(a) => (
                <List.Item extra={<Typography.Text type="secondary">{formatDateTime(a.createdAt)}</Typography.Text>}>
                  <span>
                    {a.adminName || '—'} · {a.actionLabel}
                    {a.result !== 'success' && (
                      <Tag color="error" style={{ marginLeft: 8 }}>
                        失败
                      </Tag>
                    )}
                  </span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      )}
    </>
  );
}
