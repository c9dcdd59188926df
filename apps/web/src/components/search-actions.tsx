import { Button, Form, Space } from 'antd';

/** 查询 (submits the search form) and 重置 (clears it and the URL's filters) of a list page. */
export function SearchActions({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button onClick={onReset}>重置</Button>
      </Space>
    </Form.Item>
  );
}
