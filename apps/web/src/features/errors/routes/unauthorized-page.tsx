import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle="抱歉，您无权访问此页面。"
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
