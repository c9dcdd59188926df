import { ADVERT_POSITION_LABELS, ADVERT_POSITIONS, screenPath, type TAdvert } from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { StoredImage } from '../../../components/stored-image.tsx';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useDeleteAdvert } from '../api/delete-advert.ts';
import { useAdverts } from '../api/get-adverts.ts';
import { CONTENT_ELEMENTS } from '../elements.ts';

const FILTERS = defineFilters({
  title: textFilter({ label: '广告标题', maxLength: 50 }),
  position: selectFilter({
    label: '广告位',
    options: ADVERT_POSITIONS.map((p) => ({ value: p, label: ADVERT_POSITION_LABELS[p] })),
  }),
});

/** 投放中 / 未开始 / 已结束 / 已停用 of an advert today (China time: the browser runs in it). */
function AdvertState({ advert }: { advert: TAdvert }) {
  if (!advert.enabled) return <Tag>已停用</Tag>;
  const today = dayjs().format('YYYY-MM-DD');
  if (today < advert.startDate) return <Tag color="blue">未开始</Tag>;
  if (today > advert.endDate) return <Tag>已结束</Tag>;
  return <Tag color="green">投放中</Tag>;
}

/** 广告管理 (/content/advertising): the adverts of the home page, by order. */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useListQuery(FILTERS);
  const adverts = useAdverts(list.query);
  const remove = useDeleteAdvert();
  const columns: TableColumnsType<TAdvert> = [
    { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: '图片',
      dataIndex: 'imageFileId',
      width: 140,
      render: (fileId: string, a) => (
        <StoredImage fileId={fileId} alt={a.title} style={{ width: 120, height: 60, borderRadius: 4 }} />
      ),
    },
    { title: '广告标题', dataIndex: 'title', width: 200 },
    {
      title: '广告位',
      dataIndex: 'position',
      width: 100,
      render: (p: TAdvert['position']) => ADVERT_POSITION_LABELS[p],
    },
    {
      title: '投放日期',
      key: 'days',
      width: 200,
      render: (_: unknown, a) => `${a.startDate} 至 ${a.endDate}`,
    },
    { title: '状态', key: 'state', width: 90, render: (_: unknown, a) => <AdvertState advert={a} /> },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, a) => (
        <Permission element={CONTENT_ELEMENTS.edit}>
          <Space size={4}>
            <Link to={screenPath('updateAdvertising', { id: a.id })}>编辑</Link>
            <ConfirmAction
              label="删除"
              danger
              title={`删除广告“${a.title}”？`}
              description="删除后首页不再显示该广告。"
              onConfirm={async () => {
                await remove.mutateAsync(a.id);
                void message.success('广告已删除');
              }}
            />
          </Space>
        </Permission>
      ),
    },
  ];
  return (
    <Card title="广告管理">
      <ListSearchForm list={list} query={adverts} />
      <ListToolbar>
        <Permission element={CONTENT_ELEMENTS.edit}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('addAdvertising'))}>
            添加广告
          </Button>
        </Permission>
      </ListToolbar>
      <ListTable<TAdvert>
        query={adverts}
        noun="广告"
        isFiltered={list.isFiltered}
        empty="暂无广告"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
