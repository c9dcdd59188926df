import { TASK_EDITABLE_STATUSES, TASK_STATUS_LABELS, screenPath, type TTaskDetail } from '@flexpay/contract/web';
import { App, Button, Card, Form, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { QueryState } from '../../../components/load-state.tsx';
import { useTask } from '../api/get-task.ts';
import { useUpdateTask } from '../api/update-task.ts';
import {
  TASK_FORM_FIELDS,
  TaskFormFields,
  taskToValues,
  toTaskBody,
  type TTaskFormValues,
} from '../components/task-form.tsx';
import { useTaskIdParam } from '../components/use-task-id.ts';

/** 编辑任务 (/taskOrderManage/taskEnEdit?id=): the task's fields, those the server locks disabled. */
export function Component() {
  const navigate = useNavigate();
  const id = useTaskIdParam();
  const task = useTask(id);
  const back = <Button onClick={() => void navigate(screenPath('taskOrderManageIndex'))}>返回任务列表</Button>;
  if (!task.data) return <QueryState query={task} notFound="任务不存在" extra={back} />;
  // Keyed by the task and its version: a reload after saving starts the form from the saved values.
  return <EditForm key={`${task.data.id}`} task={task.data} />;
}

function EditForm({ task }: { task: TTaskDetail }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TTaskFormValues>();
  const updateTask = useUpdateTask();
  const details = screenPath('taskOrderDetails', { id: task.id });

  if (!TASK_EDITABLE_STATUSES.includes(task.status)) {
    return (
      <Result
        status="warning"
        title={`${TASK_STATUS_LABELS[task.status]}的任务不能编辑`}
        extra={<Button onClick={() => void navigate(details)}>查看任务详情</Button>}
      />
    );
  }

  const onFinish = async (values: TTaskFormValues) => {
    if (updateTask.isPending) return;
    try {
      await updateTask.mutateAsync({ id: task.id, body: toTaskBody(values) });
    } catch (error) {
      applyFieldErrors(form, error, TASK_FORM_FIELDS);
      return;
    }
    void message.success('任务已保存');
    await navigate(details);
  };

  return (
    <Card title={`编辑任务 ${task.taskNo}`}>
      <Form<TTaskFormValues>
        form={form}
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 760 }}
        initialValues={taskToValues(task)}
        onFinish={(values) => void onFinish(values)}
        scrollToFirstError
      >
        <TaskFormFields
          form={form}
          locked={task.lockedFields}
          footer={
            <Form.Item label=" " colon={false}>
              <Space>
                <Button type="primary" htmlType="submit" loading={updateTask.isPending}>
                  保存
                </Button>
                <Button onClick={() => void navigate(details)}>取消</Button>
              </Space>
            </Form.Item>
          }
        />
      </Form>
    </Card>
  );
}
