import { maskMobile } from '@flexpay/contract/web';
import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../api/get-user-info.ts';
import { ChangeMobileForm } from '../components/change-mobile-form.tsx';
import { UserInfoState } from '../components/user-info-state.tsx';

/** 修改手机号 (/editSysMobile). */
export function Component() {
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const [done, setDone] = useState<{ message: string; mobile: string } | null>(null);

  if (done) {
    return (
      <Card>
        <Result
          status="success"
          title={done.message}
          subTitle={`新手机号：${maskMobile(done.mobile)}`}
          extra={
            <Button type="primary" onClick={() => void navigate('/')}>
              返回首页
            </Button>
          }
        />
      </Card>
    );
  }
  if (!userInfo.data) {
    return (
      <UserInfoState
        isError={userInfo.isError}
        onRetry={() => void userInfo.refetch()}
        isRetrying={userInfo.isFetching}
      />
    );
  }
  return (
    <Card>
      <ChangeMobileForm
        currentMobile={userInfo.data.mobile}
        onDone={(message, mobile) => setDone({ message, mobile })}
      />
    </Card>
  );
}
