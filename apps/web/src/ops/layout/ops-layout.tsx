import {
  AuditOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  LogoutOutlined,
  MoneyCollectOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { installDialogFocusWrap } from '../../lib/dialog-focus-wrap.ts';
import { opsInfoQueryOptions, opsLogout } from '../api/auth.ts';
import { OPS_LOGIN_PATH } from '../lib/ops-request.ts';
import { removeOpsToken } from '../lib/ops-token.ts';
import { OPS_CONSOLE_NAME } from '../lib/use-ops-title.ts';
import { OPS_MENU } from '../menu.ts';

const ICONS: Record<string, ReactNode> = {
  '/ops/topups': <MoneyCollectOutlined />,
  '/ops/companies': <BankOutlined />,
  '/ops/audit': <AuditOutlined />,
  '/ops/chat': <CustomerServiceOutlined />,
};

/** The operator console's frame: its own side menu and header (not the company console's shell). */
export function OpsLayout() {
  // Tab wraps inside an open dialog or drawer, as in the console.
  useEffect(() => installDialogFocusWrap(), []);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery(opsInfoQueryOptions());
  const selected = OPS_MENU.find((item) => location.pathname.startsWith(item.path))?.path;

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
          items={OPS_MENU.map((item) => ({ key: item.path, label: item.title, icon: ICONS[item.path] }))}
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
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
