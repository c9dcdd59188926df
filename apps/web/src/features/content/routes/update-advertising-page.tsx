import { screenPath } from '@flexpay/contract/web';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useAdvert } from '../api/get-advert.ts';
import { useSaveAdvert } from '../api/save-advert.ts';
import { AdvertForm } from '../components/advert-form.tsx';
import { EditScreen } from '../components/edit-screen.tsx';

/** 编辑广告 (/content/updateAdvertising?id=ID). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useAdvert(id);
  const save = useSaveAdvert();
  return (
    <EditScreen id={id} query={query} noun="广告" list="advertising">
      {(a) => (
        <AdvertForm
          key={a.id}
          initialValues={{
            title: a.title,
            imageFileId: a.imageFileId,
            link: a.link,
            position: a.position,
            startDate: a.startDate,
            endDate: a.endDate,
            sort: a.sort,
            enabled: a.enabled,
          }}
          isSubmitting={save.isPending}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: a.id, body });
            void message.success('广告已保存');
            await navigate(screenPath('advertising'));
          }}
          onCancel={() => void navigate(screenPath('advertising'))}
        />
      )}
    </EditScreen>
  );
}
