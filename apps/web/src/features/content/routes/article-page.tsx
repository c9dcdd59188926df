import { ARTICLE_STATUS_LABELS, ARTICLE_STATUSES, screenPath, type TArticle } from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { StoredImage } from '../../../components/stored-image.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useDeleteArticle } from '../api/delete-article.ts';
import { useArticles } from '../api/get-articles.ts';
import { CONTENT_ELEMENTS } from '../elements.ts';

const FILTERS = defineFilters({
  title: textFilter({ label: '文章标题', maxLength: 100 }),
  status: selectFilter({
    label: '状态',
    options: ARTICLE_STATUSES.map((s) => ({ value: s, label: ARTICLE_STATUS_LABELS[s] })),
  }),
});

/** 文章管理 (/content/article): the company's articles, newest first. */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useListQuery(FILTERS);
  const articles = useArticles(list.query);
  const remove = useDeleteArticle();
  const columns: TableColumnsType<TArticle> = [
    {
      title: '封面',
      dataIndex: 'coverFileId',
      width: 120,
      render: (fileId: string | null, a) =>
        fileId ? (
          <StoredImage fileId={fileId} alt={`${a.title}的封面`} style={{ width: 96, height: 54, borderRadius: 4 }} />
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      title: '文章标题',
      dataIndex: 'title',
      width: 260,
      render: (title: string, a) => (
        <Space orientation="vertical" size={0}>
          {title}
          {a.summary && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: a.summary }}>
              {a.summary}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: TArticle['status']) => (
        <Tag color={s === 'published' ? 'green' : 'gold'}>{ARTICLE_STATUS_LABELS[s]}</Tag>
      ),
    },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: 160,
      render: (at: string | null) => (at ? formatDateTime(at) : '-'),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, a) => (
        <Space size={4}>
          <Link to={screenPath('readArticle', { id: a.id })} aria-label={`阅读“${a.title}”`}>
            阅读
          </Link>
          <Permission element={CONTENT_ELEMENTS.edit}>
            <Space size={4}>
              <Link to={screenPath('updateArticle', { id: a.id })}>编辑</Link>
              <ConfirmAction
                label="删除"
                danger
                title={`删除文章“${a.title}”？`}
                description="删除后不能恢复。"
                onConfirm={async () => {
                  await remove.mutateAsync(a.id);
                  void message.success('文章已删除');
                }}
              />
            </Space>
          </Permission>
        </Space>
      ),
    },
  ];
  return (
    <Card title="文章管理">
      <ListSearchForm list={list} query={articles} />
      <ListToolbar>
        <Permission element={CONTENT_ELEMENTS.edit}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('addArticle'))}>
            添加文章
          </Button>
        </Permission>
      </ListToolbar>
      <ListTable<TArticle>
        query={articles}
        noun="文章"
        isFiltered={list.isFiltered}
        empty="暂无文章"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
