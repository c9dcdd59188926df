import { PAYOUT_RECONCILING_LABEL, PAYOUT_RECONCILING_NOTE, PAYOUT_RECONCILING_SHORT } from '@flexpay/contract/web';
import { Space, Tag, Tooltip, Typography } from 'antd';

/**
 * 对账中 (ADR 0030): a payout the provider's statement disagrees with, in the platform's plain
 * words only, never the provider's own data; the full explanation on hover or focus (the tag is
 * in the Tab order). 支付中心, 发放记录 and a batch's items show it in place of the payment status.
 */
export function ReconcilingStatus() {
  return (
    <Space orientation="vertical" size={0}>
      <Tooltip title={PAYOUT_RECONCILING_NOTE} trigger={['hover', 'focus']}>
        <Tag color="gold" tabIndex={0}>
          {PAYOUT_RECONCILING_LABEL}
        </Tag>
      </Tooltip>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {PAYOUT_RECONCILING_SHORT}
      </Typography.Text>
    </Space>
  );
}
