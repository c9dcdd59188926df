import {
  consolePageAt,
  HOME_MODULE_ICONS,
  isInternalContentLink,
  screenPath,
  type THomeModule,
} from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tag, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { HomeModuleIcon } from '../../../components/home-module-icon.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useDeleteHomeModule } from '../api/delete-home-module.ts';
import { useHomeModules } from '../api/get-home-modules.ts';
import { CONTENT_ELEMENTS } from '../elements.ts';

const FILTERS = defineFilters({
  title: textFilter({ label: '模块名称', maxLength: 20 }),
  enabled: selectFilter({
    label: '状态',
    options: [
      { value: 'true', label: '启用' },
      { value: 'false', label: '停用' },
    ],
  }),
});

/** 首页模块 (/content/homeModule): the entries of the home page, by order. */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useListQuery(FILTERS);
  const modules = useHomeModules(list.query);
  const remove = useDeleteHomeModule();
  const columns: TableColumnsType<THomeModule> = [
    { title: '排序', dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: '模块名称',
      dataIndex: 'title',
      width: 180,
      render: (title: string, m) => (
        <Space>
          <HomeModuleIcon name={m.icon} />
          {title}
        </Space>
      ),
    },
    {
      title: '图标',
      dataIndex: 'icon',
      width: 90,
      render: (icon: string) => HOME_MODULE_ICONS[icon as keyof typeof HOME_MODULE_ICONS] ?? icon,
    },
    {
      title: '链接',
      dataIndex: 'link',
      width: 280,
      render: (link: string) =>
        isInternalContentLink(link) ? (
          // A page by its menu name; a path that is no longer a page of the menu, as it is.
          (consolePageAt(link)?.title ?? link)
        ) : (
          <Space size={4}>
            {link}
            <Tag color="blue">外部网址</Tag>
          </Space>
        ),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: formatDateTime },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, m) => (
        <Permission element={CONTENT_ELEMENTS.edit}>
          <Space size={4}>
            <Link to={screenPath('editHomeModule', { id: m.id })}>编辑</Link>
            <ConfirmAction
              label="删除"
              danger
              title={`删除模块“${m.title}”？`}
              description="删除后首页不再显示该模块。"
              onConfirm={async () => {
                await remove.mutateAsync(m.id);
                void message.success('首页模块已删除');
              }}
            />
          </Space>
        </Permission>
      ),
    },
  ];
  return (
    <Card title="首页模块">
      <ListSearchForm list={list} query={modules} />
      <ListToolbar>
        <Permission element={CONTENT_ELEMENTS.edit}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('addHomeModule'))}>
            添加模块
          </Button>
        </Permission>
      </ListToolbar>
      <ListTable<THomeModule>
        query={modules}
        noun="首页模块"
        isFiltered={list.isFiltered}
        empty="暂无首页模块"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
