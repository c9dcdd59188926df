import { screenPath } from '@flexpay/contract/web';
import { App, Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useCreateTask } from '../api/create-task.ts';
import { useMoveTask } from '../api/move-task.ts';
import {
  TASK_FORM_FIELDS,
  TaskFormFields,
  newTaskValues,
  toTaskBody,
  type TTaskFormValues,
} from '../components/task-form.tsx';
import { TASK_ELEMENTS } from '../elements.ts';

/** 发布需求 (/taskOrderManage/releaseTaskOrder): a new task, saved as 草稿 or saved and published. */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TTaskFormValues>();
  const createTask = useCreateTask();
  const moveTask = useMoveTask();
  const canPublish = useHasElement(TASK_ELEMENTS.publish);
  const [publishing, setPublishing] = useState(false);
  const busy = createTask.isPending || moveTask.isPending;

  const onFinish = async (values: TTaskFormValues, publish: boolean) => {
    setPublishing(publish);
    if (busy) return;
    let created;
    try {
      created = await createTask.mutateAsync(toTaskBody(values));
    } catch (error) {
      applyFieldErrors(form, error, TASK_FORM_FIELDS);
      return;
    }
    if (publish) {
      try {
        await moveTask.mutateAsync({ id: created.id, action: 'publish' });
        void message.success('任务已发布');
      } catch {
        void message.warning('任务已保存为草稿，发布未成功，可在任务详情中重新发布');
      }
    } else {
      void message.success('任务已保存为草稿');
    }
    await navigate(screenPath('taskOrderDetails', { id: created.id }));
  };

  return (
    <Card title="发布需求">
      <Form<TTaskFormValues>
        form={form}
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 760 }}
        initialValues={newTaskValues()}
        onFinish={(values) => void onFinish(values, false)}
        scrollToFirstError
      >
        <TaskFormFields
          form={form}
          footer={
            <Form.Item label=" " colon={false}>
              <Space>
                {canPublish && (
                  <Button
                    type="primary"
                    loading={busy && publishing}
                    onClick={() =>
                      void form.validateFields().then(
                        (v) => onFinish(v, true),
                        () => undefined,
                      )
                    }
                  >
                    保存并发布
                  </Button>
                )}
                <Button type={canPublish ? 'default' : 'primary'} htmlType="submit" loading={busy && !publishing}>
                  保存草稿
                </Button>
                <Button onClick={() => void navigate(screenPath('taskOrderManageIndex'))}>取消</Button>
              </Space>
            </Form.Item>
          }
        />
      </Form>
    </Card>
  );
}
