import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';

/** Fullscreen toggle; an unsupported browser gets the spec's warning. */
export function FullscreenButton() {
  const { message } = App.useApp();
  const [isFull, setIsFull] = useState(!!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setIsFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning('you browser can not work');
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  return (
    <Tooltip title={isFull ? '退出全屏' : '全屏'}>
      <Button type="text" className="navbar-item" aria-label={isFull ? '退出全屏' : '全屏'} onClick={toggle}>
        {isFull ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </Button>
    </Tooltip>
  );
}
