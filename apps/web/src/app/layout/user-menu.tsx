import { SCREEN_PATHS } from '@flexpay/contract/web';
import { DownOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';
import { builtScreens, isPermitted } from '../route-table.ts';

/** 首页, 修改密码, 修改认证方式 (only when a permitted route contains editAuthentication), 修改手机号, 退出登录. */
export function UserMenu() {
  const name = useSession((s) => s.name);
  const avatar = useSession((s) => s.avatar);
  const menus = useSession((s) => s.menus);
  const navigate = useNavigate();
  const permitted = builtScreens().filter((h) => isPermitted(h, menus));
  const has = (part: string) => permitted.some((h) => h.fullPath.includes(part));

  const items: MenuProps['items'] = [
    { key: SCREEN_PATHS.dashboard, label: '首页' },
    ...(has('editPass') ? [{ key: SCREEN_PATHS.editPassIndex, label: '修改密码' }] : []),
    ...(has('editAuthentication') ? [{ key: SCREEN_PATHS.editAuthenticationIndex, label: '修改认证方式' }] : []),
    ...(has('editSysMobile') ? [{ key: SCREEN_PATHS.editSysMobile, label: '修改手机号' }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: '退出登录' },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
          else void navigate(key);
        },
      }}
    >
      <button
        type="button"
        className="navbar-item navbar-user"
        data-testid="user-menu"
        aria-label={`用户菜单：${name}`}
      >
        <Avatar size="small" src={avatar} alt={name} />
        <span className="navbar-user-name">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} aria-hidden />
      </button>
    </Dropdown>
  );
}
