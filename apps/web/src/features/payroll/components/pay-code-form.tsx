import type { TPayBody } from '@flexpay/contract/web';
import { StepUpCodeField } from '../../../components/step-up-code-field.tsx';
import { usePayMethods } from '../api/get-pay-methods.ts';
import { useSendPayCode } from '../api/send-pay-code.ts';

export { stepUpCodeError as payCodeError } from '../../../components/step-up-code-field.tsx';

/** The step-up of a payment (see StepUpCodeField): the pay code's methods and SMS. */
export function PayCodeField(props: { onChange: (body: TPayBody | undefined) => void; error?: string | undefined }) {
  return <StepUpCodeField methods={usePayMethods()} send={useSendPayCode()} {...props} />;
}
