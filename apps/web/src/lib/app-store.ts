import { create } from 'zustand';

/** A visited page in the tab bar. */
export interface TVisitedView {
  /** Path with query: what the tab navigates back to. */
  fullPath: string;
  /** Path without query: the tab's identity. */
  path: string;
  title: string;
}

/** A client error caught by the global handlers (spec section 2, bug log). */
export interface TErrorLogEntry {
  message: string;
  url: string;
  stack: string;
  time: number;
}

export const SIDEBAR_STATUS_KEY = 'sidebarStatus';
export const VISITED_VIEWS_KEY = 'visitedViews';
export const ENCRYPTION_TASK_ID_KEY = 'encryptionTaskId';
/** Spec section 9: the tab bar shows the last 10 visited views. */
export const MAX_VISITED_VIEWS = 10;

function readVisited(): TVisitedView[] {
  try {
    const raw = sessionStorage.getItem(VISITED_VIEWS_KEY);
    const list = raw ? (JSON.parse(raw) as TVisitedView[]) : [];
    return Array.isArray(list) ? list.slice(-MAX_VISITED_VIEWS) : [];
  } catch {
    return [];
  }
}

function saveVisited(list: TVisitedView[]) {
  try {
    sessionStorage.setItem(VISITED_VIEWS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: tabs then last for this page only.
  }
}

export interface AppState {
  /** Sidebar open; persisted as 1/0 (spec section 9). */
  sidebarOpened: boolean;
  visitedViews: TVisitedView[];
  errorLog: TErrorLogEntry[];
  /** Dialogs do not close on a backdrop click (spec section 9). */
  dialogCloseOnClickModal: false;
  toggleSidebar(): void;
  addVisitedView(view: TVisitedView): void;
  /** Removes a tab and answers the tabs left. */
  removeVisitedView(path: string): TVisitedView[];
  clearVisitedViews(): void;
  addErrorLog(entry: TErrorLogEntry): void;
  clearErrorLog(): void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpened: localStorage.getItem(SIDEBAR_STATUS_KEY) !== '0',
  visitedViews: readVisited(),
  errorLog: [],
  dialogCloseOnClickModal: false,
  toggleSidebar() {
    const opened = !get().sidebarOpened;
    localStorage.setItem(SIDEBAR_STATUS_KEY, opened ? '1' : '0');
    set({ sidebarOpened: opened });
  },
  addVisitedView(view) {
    const rest = get().visitedViews.filter((v) => v.path !== view.path);
    const existing = get().visitedViews.find((v) => v.path === view.path);
    // An already open tab keeps its place and follows the latest query.
    const list = existing
      ? get().visitedViews.map((v) => (v.path === view.path ? view : v))
      : [...rest, view].slice(-MAX_VISITED_VIEWS);
    saveVisited(list);
    set({ visitedViews: list });
  },
  removeVisitedView(path) {
    const list = get().visitedViews.filter((v) => v.path !== path);
    saveVisited(list);
    set({ visitedViews: list });
    return list;
  },
  clearVisitedViews() {
    saveVisited([]);
    set({ visitedViews: [] });
  },
  addErrorLog(entry) {
    set({ errorLog: [...get().errorLog, entry].slice(-100) });
  },
  clearErrorLog() {
    set({ errorLog: [] });
  },
}));

export const getEncryptionTaskId = () => sessionStorage.getItem(ENCRYPTION_TASK_ID_KEY);
export const setEncryptionTaskId = (id: string) => sessionStorage.setItem(ENCRYPTION_TASK_ID_KEY, id);
