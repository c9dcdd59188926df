import { Card } from 'antd';
import { useUserInfo } from '../api/get-user-info.ts';
import { UserInfoState } from '../components/user-info-state.tsx';
import { VerifyMethodForm } from '../components/verify-method-form.tsx';

/** 修改认证方式 (/editAuthentication/editAuthenticationIndex). */
export function Component() {
  const userInfo = useUserInfo();
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
      {/* A new method asks for a different proof: start over when it changes. */}
      <VerifyMethodForm key={userInfo.data.verifyMethod} info={userInfo.data} />
    </Card>
  );
}
