import type { TInvoiceInfo } from '@flexpay/contract/web';
import { App, Button, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Permission } from '../../../components/permission.tsx';
import { useInvoiceInfos } from '../api/get-invoice-infos.ts';
import { useChangeInvoiceInfo } from '../api/save-invoice-info.ts';
import { INVOICE_ELEMENTS } from '../elements.ts';
import { InfoFormModal } from './info-form.tsx';

/** 开票信息: the company's infos, with 新增, 编辑, 设为默认 and 删除. */
export function InfoDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const infos = useInvoiceInfos();
  const change = useChangeInvoiceInfo();
  const [editing, setEditing] = useState<{ info?: TInvoiceInfo } | null>(null);
  const act = async (id: number, action: 'delete' | 'default') => {
    await change.mutateAsync({ id, action });
    void message.success(action === 'delete' ? '开票信息已删除' : '已设为默认');
  };
  return (
    <Drawer open={open} onClose={onClose} title="开票信息" size="large">
      <Permission element={INVOICE_ELEMENTS.edit}>
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing({})}>
          新增开票信息
        </Button>
      </Permission>
      <Table<TInvoiceInfo>
        rowKey="id"
        size="small"
        loading={infos.isPending}
        dataSource={infos.data ?? []}
        pagination={false}
        locale={{ emptyText: '还没有开票信息' }}
        columns={[
          {
            title: '发票抬头',
            dataIndex: 'title',
            render: (t: string, r) => (
              <>
                {t} {r.isDefault && <Tag color="blue">默认</Tag>}
              </>
            ),
          },
          { title: '纳税人识别号', dataIndex: 'taxNo', width: 180 },
          { title: '收件人', dataIndex: 'recipient', width: 90 },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_: unknown, r) => (
              <Permission element={INVOICE_ELEMENTS.edit}>
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setEditing({ info: r })}>
                    编辑
                  </Button>
                  {!r.isDefault && (
                    <Button type="link" size="small" onClick={() => void act(r.id, 'default').catch(() => {})}>
                      设为默认
                    </Button>
                  )}
                  <Popconfirm title="确定删除该开票信息？" onConfirm={() => act(r.id, 'delete').catch(() => {})}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              </Permission>
            ),
          },
        ]}
      />
      <InfoFormModal open={editing !== null} info={editing?.info} onClose={() => setEditing(null)} />
    </Drawer>
  );
}
