import {
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DownloadOutlined,
  LogoutOutlined,
  MoneyCollectOutlined,
  ReconciliationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Layout, Menu, Space, Typography } from 'antd';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { installDialogFocusWrap } from '../../lib/dialog-focus-wrap.ts';
import { opsInfoQueryOptions, opsLogout } from '../api/auth.ts';
import { followOpsChatUnread, opsChatUnreadQueryOptions } from '../api/chat.ts';
import { reconcileAlertsQueryOptions } from '../api/reconcile.ts';
import { OPS_LOGIN_PATH } from '../lib/ops-request.ts';
import { removeOpsToken } from '../lib/ops-token.ts';
import { OPS_CONSOLE_NAME, OpsUnreadContext } from '../lib/use-ops-title.ts';
import { OPS_MENU } from '../menu.ts';

const ICONS: Record<string, ReactNode> = {
  '/ops/topups': <MoneyCollectOutlined />,
  '/ops/companies': <BankOutlined />,
  '/ops/audit': <AuditOutlined />,
  '/ops/chat': <CustomerServiceOutlined />,
  '/ops/gateway-log': <ApiOutlined />,
  '/ops/monitor': <DashboardOutlined />,
  '/ops/exports': <DownloadOutlined />,
  '/ops/reconcile': <ReconciliationOutlined />,
};

const CHAT_PATH = '/ops/chat';
const RECONCILE_PATH = '/ops/reconcile';

/** A menu item's label; 在线客服 carries the operators' unread count, 对账 its alerts. */
function menuLabel(path: string, title: string, unread: number, alerts = 0): ReactNode {
  if (path === RECONCILE_PATH && alerts > 0)
    return (
      <span data-testid="ops-reconcile-alerts">
        {title}
        <Badge count={alerts} size="small" overflowCount={99} style={{ marginInlineStart: 8 }} aria-hidden="true" />
        <VisuallyHidden>，{alerts} 项对账告警</VisuallyHidden>
      </span>
    );
  if (path !== CHAT_PATH || unread <= 0) return title;
  return (
    <span data-testid="ops-chat-unread">
      {title}
      <Badge count={unread} size="small" overflowCount={99} style={{ marginInlineStart: 8 }} aria-hidden="true" />
      <VisuallyHidden>，{unread} 条未读</VisuallyHidden>
    </span>
  );
}

/** The operator console's frame: its own side menu and header (not the company console's shell). */
export function OpsLayout() {
  // Tab wraps inside an open dialog or drawer, as in the console.
  useEffect(() => installDialogFocusWrap(), []);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(opsInfoQueryOptions());
  const selected = OPS_MENU.find((item) => location.pathname.startsWith(item.path))?.path;
  // Unread chat on every screen (menu and title); 在线客服 follows the stream itself.
  const unread = useQuery(opsChatUnreadQueryOptions()).data?.unread ?? 0;
  // 对账's alert on every screen: differences waiting and statements refused.
  const reconcile = useQuery(reconcileAlertsQueryOptions()).data;
  const reconcileAlerts = (reconcile?.openDifferences ?? 0) + (reconcile?.refusedDays ?? 0);
  const onChat = selected === CHAT_PATH;
  useEffect(() => (onChat ? undefined : followOpsChatUnread(queryClient)), [onChat, queryClient]);

  const logout = async () => {
    // The server revokes the session; a failure (already expired) still signs out here.
    await opsLogout().catch(() => undefined);
    removeOpsToken();
    queryClient.clear();
    void navigate(OPS_LOGIN_PATH, { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="dark" data-testid="ops-sider">
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#fff',
            fontSize: 16,
            fontWeight: 600,
          }}
        >
          {OPS_CONSOLE_NAME}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={OPS_MENU.map((item) => ({
            key: item.path,
            label: menuLabel(item.path, item.title, unread, reconcileAlerts),
            icon: ICONS[item.path],
          }))}
          onClick={({ key }) => void navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            borderBottom: '1px solid #f0f0f0',
            height: 56,
          }}
        >
          <Space size={16}>
            <Typography.Text data-testid="ops-operator">
              <UserOutlined /> {info.data?.name ?? ''}
            </Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <div style={{ background: '#fff', padding: 24, borderRadius: 6, minHeight: 'calc(100vh - 88px)' }}>
            <OpsUnreadContext.Provider value={unread}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </OpsUnreadContext.Provider>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
