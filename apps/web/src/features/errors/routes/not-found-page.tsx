import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { publicRouteTitle, usePageTitle } from '../../../lib/page-title.ts';

export function NotFoundPage() {
  const navigate = useNavigate();
  usePageTitle(publicRouteTitle('404'));
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在。"
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
