import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getEncryptionTaskId, setEncryptionTaskId } from '../../../lib/app-store.ts';
import { parseIdParam, useIdParam } from '../../../lib/use-id-param.ts';

/** The task the task screens are on (session storage's encryptionTaskId), or undefined. */
export function keptTaskId(): number | undefined {
  return parseIdParam(getEncryptionTaskId());
}

/** Keeps the task a task screen is opened for, so the next task screen continues with it. */
export function keepTaskId(id: number): void {
  setEncryptionTaskId(String(id));
}

/**
 * The task of a screen opened for one (任务详情, 编辑任务): the URL's `?id=`, kept in session
 * storage; without one (from the menu, a reload that lost the query) the kept task, written back
 * into the URL so the address, the tab and a reload name it.
 */
export function useTaskIdParam(): number | undefined {
  const fromUrl = useIdParam();
  const [, setParams] = useSearchParams();
  const taskId = fromUrl ?? keptTaskId();
  useEffect(() => {
    if (fromUrl !== undefined) keepTaskId(fromUrl);
    else if (taskId !== undefined) setParams({ id: String(taskId) }, { replace: true });
  }, [fromUrl, taskId, setParams]);
  return taskId;
}
