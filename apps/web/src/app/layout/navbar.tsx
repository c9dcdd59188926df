import { SCREEN_PATHS } from '@flexpay/contract/web';
import { DownloadOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import { Link } from 'react-router';
import { PendingApprovalsButton } from '../../features/approval/components/pending-approvals-button.tsx';
import { ChatButton } from '../../features/chat/components/chat-button.tsx';
import { useAppStore } from '../../lib/app-store.ts';
import { useSession } from '../../lib/session-store.ts';
import { builtScreens, isPermitted } from '../route-table.ts';
import { AppBreadcrumb } from './breadcrumb.tsx';
import { CompanySwitcher } from './company-switcher.tsx';
import { ErrorLogButton } from './error-log-button.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { UserMenu } from './user-menu.tsx';

const DOWNLOAD_CENTRE = SCREEN_PATHS.exportIndex;

/** The top bar of spec section 2. */
export function Navbar() {
  const opened = useAppStore((s) => s.sidebarOpened);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const menus = useSession((s) => s.menus);
  const hasDownloadCentre = builtScreens().some((h) => h.fullPath === DOWNLOAD_CENTRE && isPermitted(h, menus));
  return (
    <Layout.Header className="app-navbar" role="banner">
      <Button
        type="text"
        className="navbar-item"
        aria-label={opened ? '收起菜单' : '展开菜单'}
        onClick={toggleSidebar}
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      />
      <AppBreadcrumb />
      <div className="navbar-right">
        <CompanySwitcher />
        {hasDownloadCentre && (
          <Tooltip title="下载中心">
            <Link to={DOWNLOAD_CENTRE} className="navbar-item" aria-label="下载中心">
              <DownloadOutlined />
            </Link>
          </Tooltip>
        )}
        <ErrorLogButton />
        <PendingApprovalsButton />
        <ChatButton />
        <FullscreenButton />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
