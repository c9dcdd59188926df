import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useAppStore, type TErrorLogEntry } from '../../lib/app-store.ts';

/** Shown when client errors were caught: opens the bug log (spec section 2). */
export function ErrorLogButton() {
  const errorLog = useAppStore((s) => s.errorLog);
  const clearErrorLog = useAppStore((s) => s.clearErrorLog);
  const [open, setOpen] = useState(false);
  if (!errorLog.length) return null;
  return (
    <>
      <Tooltip title="错误日志">
        <Badge count={errorLog.length} size="small" offset={[-6, 6]}>
          <Button type="text" danger className="navbar-item" aria-label="错误日志" onClick={() => setOpen(true)}>
            <BugOutlined />
          </Button>
        </Badge>
      </Tooltip>
      <Modal
        title="bug log"
        open={open}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="clear" onClick={() => (clearErrorLog(), setOpen(false))}>
            清空
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            关闭
          </Button>,
        ]}
      >
        <Table<TErrorLogEntry>
          rowKey={(r) => `${r.time}-${r.message}`}
          dataSource={errorLog}
          pagination={false}
          size="small"
          scroll={{ y: 420 }}
          columns={[
            { title: '错误信息 (message)', dataIndex: 'message', width: '25%' },
            { title: '页面地址 (url)', dataIndex: 'url', width: '25%', ellipsis: true },
            {
              title: '调用栈 (stack)',
              dataIndex: 'stack',
              render: (stack: string) => <pre className="error-stack">{stack}</pre>,
            },
          ]}
        />
      </Modal>
    </>
  );
}
