import { SCREEN_PATHS } from '@flexpay/contract/web';
import { App, Typography } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export const EXPORT_CENTRE_PATH = SCREEN_PATHS.exportIndex;

/**
 * Runs the start of an export (导出, 打包下载) and, once the job is queued, says where its file
 * will be: a toast with a link to 下载中心 (the company's, or `centrePath`: the operators'). A
 * failure has been shown by the request layer.
 */
export function useExportNotice(centrePath: string = EXPORT_CENTRE_PATH) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  return useCallback(
    async (start: () => Promise<unknown>) => {
      try {
        await start();
      } catch {
        return; // the request layer has shown why
      }
      void message.success({
        content: (
          <span>
            导出任务已创建，文件生成后可在
            {/* A real link (href): reached by Tab, opened by Enter; the router takes the click. */}
            <Typography.Link
              href={centrePath}
              onClick={(event) => {
                event.preventDefault();
                void navigate(centrePath);
              }}
            >
              下载中心
            </Typography.Link>
            下载
          </span>
        ),
        duration: 8,
      });
    },
    [message, navigate, centrePath],
  );
}
