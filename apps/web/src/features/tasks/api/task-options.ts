import type { TOption, TRemoteOptions } from '../../../lib/list-filters.ts';
import { getTask } from './get-task.ts';
import { getTasks } from './get-tasks.ts';

const labelOf = (t: { taskNo: string; title: string }) => `${t.taskNo} ${t.title}`;

/**
 * The 任务 filter of 任务确认: the company's tasks whose name (or 任务编号) matches what is typed,
 * the newest 20; a task read from the URL (任务详情's 任务确认 link) is named by its detail.
 */
export const taskRemoteOptions: TRemoteOptions = {
  queryKey: ['tasks', 'taskFilter'],
  search: async (keyword): Promise<TOption<number>[]> => {
    const isNo = /^(RW)?\d+$/i.test(keyword);
    const page = await getTasks({
      page: 1,
      limit: 20,
      ...(keyword ? (isNo ? { taskNo: keyword } : { title: keyword }) : {}),
    });
    return page.rows.map((t) => ({ value: t.id, label: labelOf(t) }));
  },
  resolve: async (value) => {
    try {
      const t = await getTask(value);
      return { value: t.id, label: labelOf(t) };
    } catch {
      return undefined;
    }
  },
};
