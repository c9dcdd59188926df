import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { OPS_HOME_PATH } from '../menu.ts';

export function OpsNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="你访问的运营后台页面不存在。"
      extra={
        <Button type="primary" onClick={() => void navigate(OPS_HOME_PATH)}>
          返回充值确认
        </Button>
      }
    />
  );
}
