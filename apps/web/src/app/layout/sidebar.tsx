import { fullPathOf, SCREEN_PATHS, type TRouteNode } from '@flexpay/contract/web';
import { Layout, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../../lib/app-store.ts';
import { PRODUCT_NAME } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session-store.ts';
import { iconOf } from './icons.tsx';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * Sidebar items: permitted, non-hidden routes; a parent with no visible child is left out, and a
 * parent with a single visible child shows that child in its place (下载中心 is one item, not
 * 下载中心 inside 下载中心).
 */
export function menuItemsOf(routes: readonly TRouteNode[]): MenuItem[] {
  const items: MenuItem[] = [{ key: SCREEN_PATHS.dashboard, icon: iconOf('HomeOutlined'), label: '首页' }];
  for (const parent of routes) {
    if (parent.hidden) continue;
    if (!parent.children) {
      items.push({ key: parent.path, icon: iconOf(parent.icon), label: parent.title });
      continue;
    }
    const visible = parent.children.filter((c) => !c.hidden);
    if (!visible.length) continue;
    const [only] = visible;
    if (visible.length === 1 && only) {
      items.push({ key: fullPathOf(only, parent), icon: iconOf(parent.icon), label: only.title });
      continue;
    }
    items.push({
      key: parent.path,
      icon: iconOf(parent.icon),
      label: parent.title,
      children: visible.map((c) => ({ key: fullPathOf(c, parent), label: c.title })),
    });
  }
  return items;
}

function Logo({ collapsed }: { collapsed: boolean }) {
  const setting = useSession((s) => s.setting);
  const companyName = useSession((s) => s.companyName);
  const useCompanyLogo = setting.logoObjClose === '1' && !!setting.logoImgSrc;
  return (
    <div className="app-logo">
      {useCompanyLogo ? (
        <img src={setting.logoImgSrc} alt={companyName} />
      ) : (
        <img src="/favicon.svg" alt={PRODUCT_NAME} />
      )}
      {!collapsed && <span className="app-logo-title">{setting.companyName || companyName || PRODUCT_NAME}</span>}
    </div>
  );
}

/** The permitted menu: one submenu open at a time, collapsible (state persisted as 1/0). */
export function Sidebar() {
  const routes = useSession((s) => s.permissionRoutes);
  const opened = useAppStore((s) => s.sidebarOpened);
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => menuItemsOf(routes), [routes]);
  const selectedParent = routes.find((r) => location.pathname.startsWith(`${r.path}/`))?.path;
  const [openKeys, setOpenKeys] = useState<string[]>(selectedParent ? [selectedParent] : []);

  return (
    <Layout.Sider
      className="app-sider"
      width={220}
      collapsedWidth={64}
      collapsed={!opened}
      trigger={null}
      collapsible
      theme="dark"
    >
      <Logo collapsed={!opened} />
      <nav aria-label="主菜单">
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[location.pathname]}
          {...(opened ? { openKeys } : {})}
          onOpenChange={(keys) => setOpenKeys(keys.slice(-1))}
          onClick={({ key }) => void navigate(key)}
        />
      </nav>
    </Layout.Sider>
  );
}
