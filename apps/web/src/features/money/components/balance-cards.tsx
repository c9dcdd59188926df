import { Card, Col, Empty, Flex, Row, Skeleton, Statistic, theme, Typography } from 'antd';
import { ListError } from '../../../components/list-error.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useBalances } from '../../../api/get-balances.ts';

/** One card per service company: 可用余额 and 冻结金额. */
export function BalanceCards() {
  const balances = useBalances();
  const { token } = theme.useToken();
  if (balances.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (balances.isError) {
    return (
      <ListError error={balances.error} onRetry={() => void balances.refetch()} isRetrying={balances.isFetching} />
    );
  }
  if (balances.data.length === 0) {
    return <Empty description="暂无签约服务商，签约后即可在此查看资金账户" />;
  }
  return (
    <Row gutter={[16, 16]}>
      {balances.data.map((balance) => (
        <Col key={balance.serviceCompanyId} xs={24} lg={12} xxl={8}>
          <Card
            size="small"
            title={<Typography.Text strong>{balance.serviceCompanyName}</Typography.Text>}
            data-testid="balance-card"
          >
            <Flex gap={48}>
              <Statistic title="可用余额" value={formatMoney(balance.availableFen)} />
              <Statistic
                title="冻结金额"
                value={formatMoney(balance.frozenFen)}
                valueStyle={{ color: token.colorTextDescription }}
              />
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
