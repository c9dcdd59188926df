import { screenPath, type TCreateAdminBody } from '@flexpay/contract/web';
import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCreateAdmin } from '../api/create-admin.ts';
import { AdminForm, type TAdminFormValues } from '../components/admin-form.tsx';

/** 添加管理员 (/systemSetting/addUser). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const createAdmin = useCreateAdmin();

  const onSubmit = async (values: TAdminFormValues) => {
    const body: TCreateAdminBody = {
      username: values.username ?? '',
      password: values.password ?? '',
      status: values.status ?? 'enabled',
      name: values.name,
      mobile: values.mobile,
      email: values.email,
      description: values.description,
      roleIds: values.roleIds,
    };
    await createAdmin.mutateAsync(body);
    void message.success('管理员已添加');
    await navigate(screenPath('adminManage'));
  };

  return (
    <Card>
      <AdminForm
        mode="create"
        isSubmitting={createAdmin.isPending}
        onSubmit={onSubmit}
        onCancel={() => void navigate(screenPath('adminManage'))}
      />
    </Card>
  );
}
