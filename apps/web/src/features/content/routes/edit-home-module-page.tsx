import { screenPath } from '@flexpay/contract/web';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useHomeModule } from '../api/get-home-module.ts';
import { useSaveHomeModule } from '../api/save-home-module.ts';
import { EditScreen } from '../components/edit-screen.tsx';
import { HomeModuleForm } from '../components/home-module-form.tsx';

/** 编辑模块 (/content/editHomeModule?id=ID). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useHomeModule(id);
  const save = useSaveHomeModule();
  return (
    <EditScreen id={id} query={query} noun="首页模块" list="homeModule">
      {(m) => (
        <HomeModuleForm
          key={m.id}
          initialValues={{ title: m.title, icon: m.icon, link: m.link, sort: m.sort, enabled: m.enabled }}
          isSubmitting={save.isPending}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: m.id, body });
            void message.success('首页模块已保存');
            await navigate(screenPath('homeModule'));
          }}
          onCancel={() => void navigate(screenPath('homeModule'))}
        />
      )}
    </EditScreen>
  );
}
