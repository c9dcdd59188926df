import { screenPath, type TUpdateAdminBody } from '@flexpay/contract/web';
import { App, Button, Card, Result, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useAdmin } from '../api/get-admin.ts';
import { useUpdateAdmin } from '../api/update-admin.ts';
import { AdminForm, type TAdminFormValues } from '../components/admin-form.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

/** 编辑管理员 (/systemSetting/editUser?id=ID). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam();
  const admin = useAdmin(id);
  const updateAdmin = useUpdateAdmin();
  const backToList = (
    <Button type="primary" onClick={() => void navigate(screenPath('adminManage'))}>
      返回管理员列表
    </Button>
  );

  if (id === undefined) {
    return (
      <Card>
        <Result status="warning" title="缺少管理员编号" subTitle="请从管理员列表进入编辑页面。" extra={backToList} />
      </Card>
    );
  }
  if (admin.isPending) {
    return (
      <Card>
        <Spin description="正在加载管理员信息…">
          <div style={{ height: 240 }} />
        </Spin>
      </Card>
    );
  }
  if (admin.isError) {
    return (
      <Card>
        <Result
          status="error"
          title="管理员信息加载失败"
          subTitle={admin.error.message}
          extra={[
            <Button key="retry" onClick={() => void admin.refetch()} loading={admin.isFetching}>
              重新加载
            </Button>,
            <Button key="back" onClick={() => void navigate(screenPath('adminManage'))}>
              返回管理员列表
            </Button>,
          ]}
        />
      </Card>
    );
  }

  const row = admin.data;
  const onSubmit = async (values: TAdminFormValues) => {
    const body: TUpdateAdminBody = {
      name: values.name,
      mobile: values.mobile,
      email: values.email,
      description: values.description,
      roleIds: values.roleIds,
    };
    await updateAdmin.mutateAsync({ id: row.id, body });
    void message.success('管理员信息已保存');
    await navigate(screenPath('adminManage'));
  };

  return (
    <Card>
      <AdminForm
        key={row.id}
        mode="edit"
        username={row.username}
        initialValues={{
          name: row.name,
          mobile: row.mobile,
          email: row.email,
          description: row.description,
          roleIds: row.roles.map((role) => role.id),
        }}
        isSubmitting={updateAdmin.isPending}
        onSubmit={onSubmit}
        onCancel={() => void navigate(screenPath('adminManage'))}
      />
    </Card>
  );
}
