import {
  SELECT_EMPLOYEES_STEPS,
  SELECT_EMPLOYEES_STORAGE_KEY,
  type TSelectEmployeesState,
} from '@flexpay/contract/web';

/** A fresh wizard for a task (or none). */
export const emptyWizard = (whom: number | null, step: 0 | 1 | 2 = 0): TSelectEmployeesState => ({
  whom,
  step,
  stepName: SELECT_EMPLOYEES_STEPS[step],
  flashTaskPage: false,
  flashWorkerPage: false,
  byEmployeeIds: [],
  allMatching: null,
  excludeIds: [],
});

const isIds = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isSafeInteger(n));

/** The state session storage holds, or null when it is missing or malformed (a hand edit, an old build). */
export function readWizard(storage: Storage = sessionStorage): TSelectEmployeesState | null {
  try {
    const raw = storage.getItem(SELECT_EMPLOYEES_STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<TSelectEmployeesState>;
    if (s.whom !== null && !Number.isSafeInteger(s.whom)) return null;
    if (s.step !== 0 && s.step !== 1 && s.step !== 2) return null;
    if (!isIds(s.byEmployeeIds) || !isIds(s.excludeIds)) return null;
    if (s.allMatching !== null && (typeof s.allMatching !== 'object' || Array.isArray(s.allMatching))) return null;
    return {
      whom: s.whom ?? null,
      step: s.step,
      stepName: SELECT_EMPLOYEES_STEPS[s.step],
      flashTaskPage: s.flashTaskPage === true,
      flashWorkerPage: s.flashWorkerPage === true,
      byEmployeeIds: s.byEmployeeIds,
      allMatching: s.allMatching ?? null,
      excludeIds: s.excludeIds,
    };
  } catch {
    return null;
  }
}

export function writeWizard(state: TSelectEmployeesState, storage: Storage = sessionStorage): void {
  storage.setItem(SELECT_EMPLOYEES_STORAGE_KEY, JSON.stringify(state));
}

export function clearWizard(storage: Storage = sessionStorage): void {
  storage.removeItem(SELECT_EMPLOYEES_STORAGE_KEY);
}

/** The worker list's filters the wizard picks with, as both the worker page and the assign body take them. */
export interface TPickFilter {
  name?: string;
  mobile?: string;
  idNumber?: string;
  jobTypeId?: number;
  departmentId?: number;
  joinedFrom?: string;
  joinedTo?: string;
}

/** The worker filter as the assign body takes it (empty values left out). */
export function pickFilterOf(values: Record<string, unknown>): TPickFilter {
  const out: Record<string, string | number> = {};
  for (const key of ['name', 'mobile', 'idNumber', 'jobTypeId', 'departmentId', 'joinedFrom', 'joinedTo']) {
    const v = values[key];
    if ((typeof v === 'string' && v !== '') || typeof v === 'number') out[key] = v;
  }
  return out as TPickFilter;
}

export const sameFilter = (a: object | null, b: object): boolean =>
  a !== null && JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** How many the selection names, given the total matching the filter when all matching were chosen. */
export function selectedCount(state: TSelectEmployeesState, matchingTotal: number | undefined): number | undefined {
  if (state.allMatching === null) return state.byEmployeeIds.length;
  return matchingTotal === undefined ? undefined : Math.max(0, matchingTotal - state.excludeIds.length);
}
