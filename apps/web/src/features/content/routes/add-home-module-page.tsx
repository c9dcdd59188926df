import { screenPath } from '@flexpay/contract/web';
import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useSaveHomeModule } from '../api/save-home-module.ts';
import { HomeModuleForm } from '../components/home-module-form.tsx';

/** 添加模块 (/content/addHomeModule). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveHomeModule();
  return (
    <Card>
      <HomeModuleForm
        isSubmitting={save.isPending}
        onSubmit={async (body) => {
          await save.mutateAsync({ body });
          void message.success('首页模块已保存');
          await navigate(screenPath('homeModule'));
        }}
        onCancel={() => void navigate(screenPath('homeModule'))}
      />
    </Card>
  );
}
