import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { CONTENT_IMAGE_TYPES } from '@flexpay/contract/web';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { StoredImage } from '../../../components/stored-image.tsx';
import { uploadContentImage } from '../api/upload-content-image.ts';

export const CONTENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Why a chosen file cannot be a content image, or undefined (the server checks the bytes again). */
export function contentImageError(file: Pick<File, 'type' | 'size'>, label: string): string | undefined {
  if (!CONTENT_IMAGE_TYPES.includes(file.type)) return `${label}须为图片（PNG、JPG）文件`;
  if (file.size > CONTENT_IMAGE_MAX_BYTES) return `${label}不能超过 10 MB`;
  if (file.size === 0) return `${label}是空文件，请重新选择`;
  return undefined;
}

/**
 * An image field (封面图片, 广告图片): uploaded through the file store as soon as it is chosen,
 * shown once stored; the form's value is the stored file's id.
 */
export function ImageUpload({
  id,
  value,
  onChange,
  label,
  allowClear = false,
}: {
  id?: string;
  value?: string | null;
  onChange?: (fileId: string | null) => void;
  label: string;
  allowClear?: boolean;
}) {
  const { message } = App.useApp();
  const [isUploading, setIsUploading] = useState(false);
  return (
    <Space orientation="vertical" size={8}>
      {value && <StoredImage fileId={value} alt={label} style={{ width: 240, maxHeight: 160, borderRadius: 6 }} />}
      <Space>
        <Upload
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            const error = contentImageError(file, label);
            if (error) {
              void message.error(error);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setIsUploading(true);
            uploadContentImage(file as File).then(
              (uploaded) => {
                setIsUploading(false);
                onSuccess?.(uploaded);
                onChange?.(uploaded.id);
              },
              (error: unknown) => {
                setIsUploading(false);
                onError?.(error instanceof Error ? error : new Error('上传失败'));
              },
            );
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={isUploading}>
            {value ? `更换${label}` : `上传${label}`}
          </Button>
        </Upload>
        {allowClear && value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            移除{label}
          </Button>
        )}
      </Space>
    </Space>
  );
}
