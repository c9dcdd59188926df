import { screenPath } from '@flexpay/contract/web';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useArticle } from '../api/get-article.ts';
import { useSaveArticle } from '../api/save-article.ts';
import { ArticleForm } from '../components/article-form.tsx';
import { EditScreen } from '../components/edit-screen.tsx';

/** 编辑文章 (/content/updateArticle?id=ID). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useArticle(id);
  const save = useSaveArticle();
  return (
    <EditScreen id={id} query={query} noun="文章" list="article">
      {(a) => (
        <ArticleForm
          key={a.id}
          initialValues={{
            title: a.title,
            summary: a.summary,
            coverFileId: a.coverFileId,
            body: a.body,
            status: a.status,
          }}
          initialPublishedAt={a.publishedAt}
          isSubmitting={save.isPending}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: a.id, body });
            void message.success('文章已保存');
            await navigate(screenPath('article'));
          }}
          onCancel={() => void navigate(screenPath('article'))}
        />
      )}
    </EditScreen>
  );
}
