import { screenPath } from '@flexpay/contract/web';
import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useSaveAdvert } from '../api/save-advert.ts';
import { AdvertForm } from '../components/advert-form.tsx';

/** 添加广告 (/content/addAdvertising). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveAdvert();
  return (
    <Card>
      <AdvertForm
        isSubmitting={save.isPending}
        onSubmit={async (body) => {
          await save.mutateAsync({ body });
          void message.success('广告已保存');
          await navigate(screenPath('advertising'));
        }}
        onCancel={() => void navigate(screenPath('advertising'))}
      />
    </Card>
  );
}
