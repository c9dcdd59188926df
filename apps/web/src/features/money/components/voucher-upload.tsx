import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/request.ts';
import { uploadVoucher } from '../api/upload-voucher.ts';

export const VOUCHER_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const VOUCHER_MAX_BYTES = 10 * 1024 * 1024;

/** Why a chosen file cannot be a voucher, or undefined. */
export function voucherFileError(file: Pick<File, 'type' | 'size' | 'name'>): string | undefined {
  const isAllowed = (VOUCHER_TYPES as readonly string[]).includes(file.type) || /\.(png|jpe?g|pdf)$/i.test(file.name);
  if (!isAllowed) return '转账凭证须为图片（PNG、JPG）或 PDF 文件';
  if (file.size > VOUCHER_MAX_BYTES) return '转账凭证不能超过 10 MB';
  if (file.size === 0) return '转账凭证是空文件，请重新选择';
  return undefined;
}

/**
 * 转账凭证: one image or PDF, uploaded as soon as it is chosen; the form's value is the stored
 * file's id (undefined until the upload has finished).
 */
export function VoucherUpload({
  id,
  onChange,
}: {
  id?: string;
  value?: string | undefined;
  onChange?: (fileId: string | undefined) => void;
}) {
  const { message } = App.useApp();
  const [fileList, setFileList] = useState<UploadFile[]>([]);

  return (
    <Upload
      id={id}
      accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
      maxCount={1}
      listType="text"
      fileList={fileList}
      beforeUpload={(file) => {
        const error = voucherFileError(file);
        if (error) {
          void message.error(error);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        onChange?.(undefined);
        uploadVoucher(file as File).then(
          (uploaded) => {
            onSuccess?.(uploaded);
            onChange?.(uploaded.id);
          },
          (error: unknown) => {
            onError?.(error instanceof Error ? error : new Error('上传失败'));
            if (isApiError(error) && error.isCanceled) return;
          },
        );
      }}
      onChange={({ fileList: next }) =>
        setFileList(next.map((f) => (f.status === 'error' ? { ...f, response: '上传失败，请重新选择文件' } : f)))
      }
      onRemove={() => {
        onChange?.(undefined);
        return true;
      }}
    >
      <Button icon={<UploadOutlined />}>{fileList.length ? '重新上传' : '上传凭证'}</Button>
    </Upload>
  );
}
