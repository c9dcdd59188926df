import type { TWorkerDetail } from '@flexpay/contract/web';
import { App, Button, Form, Space } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { useUpdateWorker } from '../api/update-worker.ts';
import {
  WORKER_BASIC_FIELDS,
  WorkerBasicFields,
  toWorkerBasicBody,
  type TWorkerBasicValues,
} from './worker-basic-fields.tsx';

export interface TWorkerEditFormProps {
  worker: TWorkerDetail;
  /** After saving or cancelling. */
  onDone: () => void;
}

/**
 * 编辑 of the detail's 基本信息, in place. TUpdateWorkerBody needs the full ID number: an admin
 * who may not see it (no employee:sensitive) has to type it again.
 */
export function WorkerEditForm({ worker, onDone }: TWorkerEditFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TWorkerBasicValues>();
  const updateWorker = useUpdateWorker();
  const isSubmittingRef = useRef(false);

  const onFinish = async (values: TWorkerBasicValues) => {
    if (updateWorker.isPending || isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      await updateWorker.mutateAsync({ id: worker.id, body: toWorkerBasicBody(values) });
      void message.success('员工信息已保存');
      onDone();
    } catch (error) {
      applyFieldErrors(form, error, WORKER_BASIC_FIELDS);
    } finally {
      isSubmittingRef.current = false;
    }
  };

  return (
    <Form<TWorkerBasicValues>
      form={form}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 720 }}
      initialValues={{
        name: worker.name,
        idNumber: worker.sensitiveVisible ? worker.idNumber : '',
        mobile: worker.mobile,
        jobTypeId: worker.jobTypeId,
        departmentId: worker.departmentId,
        joinedAt: dayjs(worker.joinedAt),
        remark: worker.remark,
      }}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError
    >
      <WorkerBasicFields
        idNumberOptional={!worker.sensitiveVisible}
        currentJobTypeId={worker.jobTypeId}
        idNumberHint={
          worker.sensitiveVisible ? undefined : '当前账号无权查看完整身份证号：不修改请留空，修改请输入完整的新号码'
        }
      />
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={updateWorker.isPending}>
            保存
          </Button>
          <Button onClick={onDone}>取消</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
