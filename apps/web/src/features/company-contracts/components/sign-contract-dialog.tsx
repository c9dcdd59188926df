import type { TCompanyContractDetail, TPayBody } from '@flexpay/contract/web';
import { Alert, App, Descriptions, Form, Modal, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { StepUpCodeField, stepUpCodeError } from '../../../components/step-up-code-field.tsx';
import { isApiError } from '../../../lib/request.ts';
import { useSendSignCode } from '../api/send-sign-code.ts';
import { useSignMethods } from '../api/get-sign-methods.ts';
import { useSignContract } from '../api/sign-contract.ts';

/**
 * 在线签署: the contract, what signing does, and the admin's own SMS or authenticator code (as at
 * 支付确认). A wrong code is said at the field; a refusal (no longer 待签署) above it.
 */
export function SignContractDialog({
  contract,
  open,
  onClose,
}: {
  contract: TCompanyContractDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const methods = useSignMethods(open);
  const send = useSendSignCode();
  const sign = useSignContract();
  const [body, setBody] = useState<TPayBody>();
  const [codeError, setCodeError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const onCode = useCallback((b: TPayBody | undefined) => {
    setBody(b);
    setCodeError(undefined);
  }, []);

  const onSign = async () => {
    if (!body || sign.isPending) return;
    setCodeError(undefined);
    setProblem(undefined);
    try {
      await sign.mutateAsync({ id: contract.id, body });
    } catch (error) {
      const atCode = stepUpCodeError(error);
      if (atCode) setCodeError(atCode);
      else if (isApiError(error)) setProblem(error.message);
      else throw error;
      return;
    }
    void message.success('合同已签署');
    onClose();
  };

  return (
    <Modal
      open={open}
      title="在线签署合同"
      okText="确认签署"
      okButtonProps={{ disabled: !body, loading: sign.isPending }}
      onOk={() => void onSign()}
      onCancel={onClose}
      afterClose={() => {
        setProblem(undefined);
        setCodeError(undefined);
      }}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="合同">
          {contract.title}（{contract.contractNo}）
        </Descriptions.Item>
        <Descriptions.Item label="乙方（服务商）">{contract.serviceCompanyName}</Descriptions.Item>
        <Descriptions.Item label="合同期限">
          {contract.startDate} 至 {contract.endDate}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">
        请先预览并确认合同内容。签署后，合同 PDF 后将附签署页（签署人、企业、签署时间及原文件
        SHA-256），合同状态变为已签署。
      </Typography.Paragraph>
      {problem && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={problem} />}
      <Form layout="vertical">
        <StepUpCodeField methods={methods} send={send} onChange={onCode} error={codeError} />
      </Form>
    </Modal>
  );
}
