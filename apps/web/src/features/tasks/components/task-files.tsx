import { API, apiPath, TASK_FILES_MAX, type TUploadedFile } from '@flexpay/contract/web';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useDownload } from '../../../components/use-download.ts';
import { downloadBlob } from '../../../lib/download-blob.ts';
import { uploadTaskFile } from '../api/upload-task-file.ts';

/** The file store's limit (the server checks it too, with the types). */
export const TASK_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Why a chosen file cannot be attached, or undefined. */
export function taskFileError(file: Pick<File, 'size'>): string | undefined {
  if (file.size === 0) return '文件是空文件，请重新选择';
  if (file.size > TASK_FILE_MAX_BYTES) return '单个文件不能超过 10 MB';
  return undefined;
}

const asUploadFile = (file: TUploadedFile): UploadFile => ({
  uid: file.id,
  name: file.name,
  status: 'done',
  response: file,
});

/**
 * Attachments (附件, 成果文件): each uploaded as soon as it is chosen; the form's value is the
 * stored files (only finished uploads). `initial` are the files already on the record.
 */
export function TaskFilesUpload({
  id,
  value,
  onChange,
  disabled,
  buttonText = '上传文件',
}: {
  id?: string;
  value?: TUploadedFile[];
  onChange?: (files: TUploadedFile[]) => void;
  disabled?: boolean;
  buttonText?: string;
}) {
  const { message } = App.useApp();
  const [fileList, setFileList] = useState<UploadFile[]>(() => (value ?? []).map(asUploadFile));
  const done = (list: UploadFile[]) =>
    list.filter((f) => f.status === 'done' && f.response).map((f) => f.response as TUploadedFile);

  return (
    <Upload
      id={id}
      multiple
      disabled={disabled}
      maxCount={TASK_FILES_MAX}
      fileList={fileList}
      beforeUpload={(file) => {
        const error = taskFileError(file);
        if (error) {
          void message.error(`${file.name}：${error}`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadTaskFile(file as File).then(
          (uploaded) => onSuccess?.(uploaded),
          (error: unknown) => onError?.(error instanceof Error ? error : new Error('上传失败')),
        );
      }}
      onChange={({ fileList: next }) => {
        const list = next.map((f) => (f.status === 'error' ? { ...f, response: '上传失败，请重新选择文件' } : f));
        setFileList(list);
        onChange?.(done(list));
      }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {buttonText}
      </Button>
    </Upload>
  );
}

/** Files as buttons that download them with the session's token (a plain link cannot send it). */
export function TaskFileLinks({ files }: { files: TUploadedFile[] }) {
  const { download, isDownloading } = useDownload();
  if (!files.length) return <>-</>;
  return (
    <Flex vertical align="flex-start">
      {files.map((f) => (
        <Button
          key={f.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          loading={isDownloading(f.id)}
          onClick={() => void download(f.id, () => downloadBlob(apiPath(API.file.one, { id: f.id }), f.name))}
        >
          {f.name}
        </Button>
      ))}
    </Flex>
  );
}
