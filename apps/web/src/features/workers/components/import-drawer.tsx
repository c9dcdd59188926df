import { ImportDrawer as SharedImportDrawer } from '../../../components/import/import-drawer.tsx';
import { WORKER_IMPORT } from '../api/worker-import.ts';

/** 批量导入员工: the shared import drawer for workers. */
export function ImportDrawer(props: { open: boolean; onClose: () => void }) {
  return <SharedImportDrawer kind={WORKER_IMPORT} {...props} />;
}
