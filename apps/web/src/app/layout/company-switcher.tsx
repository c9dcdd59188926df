import { screenPath } from '@flexpay/contract/web';
import { CheckOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { endSession, SWITCH_LOADER_MS, switchCompany } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The company switcher (spec section 4): the linked accounts; choosing one shows a full-screen
 * loader for 2 seconds, then opens /dashboard of the new company, or logs out (on the server
 * too) to /login on failure.
 */
export function CompanySwitcher() {
  const associated = useSession((s) => s.associatedUserInfo);
  const companyName = useSession((s) => s.companyName);
  const userName = useSession((s) => s.userName);
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);

  const onSwitch = async (username: string) => {
    if (username === userName) return;
    setSwitching(true);
    try {
      await Promise.all([switchCompany(username), wait(SWITCH_LOADER_MS)]);
      setSwitching(false);
      void navigate(screenPath('dashboard', { t: Date.now() }));
    } catch {
      // The web gives the session up here, so the server must too (the switch may have failed
      // before or after the server replaced it: whichever token is stored now is ended).
      await endSession();
      setSwitching(false);
      void navigate(screenPath('login'));
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: associated.map((a) => ({
            key: a.userName,
            label: `${a.companyName}（${a.userName}）`,
            icon: a.current ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
            disabled: a.current,
          })),
          onClick: ({ key }) => void onSwitch(key),
        }}
        disabled={associated.length < 2}
      >
        <Button
          type="text"
          className="navbar-item"
          data-testid="company-switcher"
          aria-label={`切换企业，当前：${companyName}`}
        >
          <SwapOutlined /> {companyName}
        </Button>
      </Dropdown>
      <Spin spinning={switching} fullscreen description="正在切换企业…" />
    </>
  );
}
