import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { publicRouteTitle, usePageTitle } from '../../../lib/page-title.ts';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  usePageTitle(publicRouteTitle('401'));
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
