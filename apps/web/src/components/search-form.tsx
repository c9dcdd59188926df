import { Button, Form, Space, type FormInstance } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The search form above a list: its fields in a row that wraps, then 查询 and 重置. 查询 hands
 * the values to `onSearch`; 重置 calls `onReset`, which empties the fields and the URL's filters
 * (`ListSearchForm` does both).
 */
export function SearchForm<T extends object>({
  form,
  initialValues,
  onSearch,
  onReset,
  style,
  children,
}: {
  form: FormInstance<T>;
  initialValues?: Partial<T>;
  onSearch: (values: T) => void;
  onReset: () => void;
  /** Replaces the default spacing below the form, for a form that shares its row. */
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Form<T>
      form={form}
      layout="inline"
      style={style ?? { rowGap: 16, marginBottom: 16 }}
      initialValues={initialValues}
      onFinish={onSearch}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={() => onReset()}>重置</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
