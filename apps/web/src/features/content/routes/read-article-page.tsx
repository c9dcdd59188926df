import { screenPath } from '@flexpay/contract/web';
import { Alert, Button, Card, Result, Space, Spin } from 'antd';
import { Link, useNavigate } from 'react-router';
import { Permission } from '../../../components/permission.tsx';
import { useArticle } from '../api/get-article.ts';
import { ArticleView } from '../components/article-view.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { CONTENT_ELEMENTS } from '../elements.ts';

/** 阅读文章 (/content/readArticle?id=ID): an article as its readers see it. */
export function Component() {
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useArticle(id);
  const back = (
    <Button key="back" onClick={() => void navigate(screenPath('article'))}>
      返回文章列表
    </Button>
  );
  if (id === undefined) {
    return (
      <Card>
        <Result status="warning" title="缺少文章编号" subTitle="请从首页或文章列表打开文章。" extra={back} />
      </Card>
    );
  }
  if (query.isPending) {
    return (
      <Card>
        <Spin description="正在加载文章…">
          <div style={{ height: 240 }} />
        </Spin>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <Result
          status="error"
          title="文章加载失败"
          subTitle={query.error.message}
          extra={[
            <Button key="retry" onClick={() => void query.refetch()} loading={query.isFetching}>
              重新加载
            </Button>,
            back,
          ]}
        />
      </Card>
    );
  }
  const a = query.data;
  return (
    <Card
      extra={
        <Space>
          <Permission element={CONTENT_ELEMENTS.edit}>
            <Link to={screenPath('updateArticle', { id: a.id })}>编辑文章</Link>
          </Permission>
          <Link to={screenPath('article')}>文章列表</Link>
        </Space>
      }
    >
      {a.status === 'draft' && (
        <Alert type="warning" showIcon title="这篇文章是草稿，尚未发布：首页不显示它。" style={{ marginBottom: 16 }} />
      )}
      <ArticleView
        title={a.title}
        summary={a.summary}
        coverFileId={a.coverFileId}
        body={a.body}
        publishedAt={a.publishedAt}
      />
    </Card>
  );
}
