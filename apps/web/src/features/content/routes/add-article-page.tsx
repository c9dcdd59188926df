import { screenPath } from '@flexpay/contract/web';
import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useSaveArticle } from '../api/save-article.ts';
import { ArticleForm } from '../components/article-form.tsx';

/** 添加文章 (/content/addArticle). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveArticle();
  return (
    <Card>
      <ArticleForm
        isSubmitting={save.isPending}
        onSubmit={async (body) => {
          await save.mutateAsync({ body });
          void message.success('文章已保存');
          await navigate(screenPath('article'));
        }}
        onCancel={() => void navigate(screenPath('article'))}
      />
    </Card>
  );
}
