import { ImportDrawer as SharedImportDrawer } from '../../../components/import/import-drawer.tsx';
import { WORKER_IMPORT } from '../api/worker-import.ts';
import { ImportRealNameProgress } from './real-name-progress.tsx';

/**
 * 批量导入员工: the shared import drawer for workers; once the import has committed it shows the
 * imported workers' real-name verification as it goes (已认证 / 认证失败 / 认证中).
 */
export function ImportDrawer(props: { open: boolean; onClose: () => void }) {
  return (
    <SharedImportDrawer
      kind={WORKER_IMPORT}
      committedExtra={(job) => <ImportRealNameProgress importId={job.id} />}
      {...props}
    />
  );
}
