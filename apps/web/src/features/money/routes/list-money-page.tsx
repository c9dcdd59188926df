import { screenPath } from '@flexpay/contract/web';
import { BankOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space, Tabs } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Permission } from '../../../components/permission.tsx';
import { useHasElement } from '../../../lib/session-store.ts';
import { BalanceCards } from '../components/balance-cards.tsx';
import { CompanyLog } from '../components/company-log.tsx';
import { RecentEntries } from '../components/recent-entries.tsx';
import { TopupRecords } from '../components/topup-records.tsx';
import { MONEY_ELEMENTS } from '../elements.ts';
import { MONEY_TABS, type TMoneyTab } from '../components/tab-filter.ts';

/** 资金账户 (/moneyManagement/listMoney): balances, then 最近明细 | 充值记录 | 操作日志 (`?tab=`). */
export function Component() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canSeeLog = useHasElement(MONEY_ELEMENTS.log);
  const asked = MONEY_TABS.find((tab) => tab === params.get('tab')) ?? 'recent';
  const tab: TMoneyTab = asked === 'log' && !canSeeLog ? 'recent' : asked;

  const items = [
    {
      key: 'recent',
      label: '最近明细',
      // The link sits in the tab's panel, not beside the tabs: a tab list holds tabs only.
      children:
        tab === 'recent' ? (
          <>
            <RecentEntries />
            <Flex justify="flex-end" style={{ marginTop: 8 }}>
              <Link to={screenPath('moneyDetail')}>查看全部</Link>
            </Flex>
          </>
        ) : null,
    },
    { key: 'topups', label: '充值记录', children: tab === 'topups' ? <TopupRecords /> : null },
    ...(canSeeLog ? [{ key: 'log', label: '操作日志', children: tab === 'log' ? <CompanyLog /> : null }] : []),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="资金账户"
        extra={
          <Space>
            <Permission element={MONEY_ELEMENTS.topup}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('addMoney'))}>
                充值
              </Button>
            </Permission>
            <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(screenPath('moneyDetail'))}>
              资金明细
            </Button>
            <Permission element={MONEY_ELEMENTS.account}>
              <Button icon={<BankOutlined />} onClick={() => void navigate(screenPath('accountManagement'))}>
                付款账户
              </Button>
            </Permission>
          </Space>
        }
      >
        <BalanceCards />
      </Card>
      <Card>
        <Tabs activeKey={tab} onChange={(key) => setParams(key === 'recent' ? {} : { tab: key })} items={items} />
      </Card>
    </Space>
  );
}
