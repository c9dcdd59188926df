import { create } from 'zustand';
import { decodeToken, getToken } from './token.ts';

/** A visited page in the tab bar. */
export interface TVisitedView {
  /** Path with query: what the tab navigates back to. */
  fullPath: string;
  /** The tab's identity (`tabKeyOf`): the path, with the record's id on a record's screen. */
  path: string;
  title: string;
  /** What the page names once loaded, shown after the title: `员工详情 - 张三`. */
  detail?: string;
}

/**
 * A tab's identity: the path, and on a record's screen (`?id=`) the record too, so a second
 * batch's 发放详情 opens a tab of its own instead of taking over the first one's. Other query
 * parameters (a list's filters, a tab within the screen) do not make a new tab: the tab follows them.
 */
export function tabKeyOf(pathname: string, search: string): string {
  const id = new URLSearchParams(search).get('id');
  return id ? `${pathname}?id=${encodeURIComponent(id)}` : pathname;
}

/** The tab's text: the route title, and the page's detail when it has one. */
export const visitedViewLabel = (view: TVisitedView) => (view.detail ? `${view.title} - ${view.detail}` : view.title);

/** A client error caught by the global handlers (spec section 2, bug log). */
export interface TErrorLogEntry {
  message: string;
  url: string;
  stack: string;
  time: number;
}

export const SIDEBAR_STATUS_KEY = 'sidebarStatus';
export const VISITED_VIEWS_KEY = 'visitedViews';
/** The session (the token's id) the stored tabs belong to. */
export const VISITED_VIEWS_OWNER_KEY = 'visitedViewsOwner';
export const ENCRYPTION_TASK_ID_KEY = 'encryptionTaskId';
/** Spec section 9: the tab bar shows the last 10 visited views. */
export const MAX_VISITED_VIEWS = 10;

/**
 * Tabs belong to one session: the id (jti) of the stored token, which a refresh keeps and a
 * sign-in or a company switch replaces. Tabs of another session (one that ended without a
 * logout, or another admin's) are never shown.
 */
function sessionOwner(): string {
  return decodeToken(getToken())?.jti ?? '';
}

function readVisited(): TVisitedView[] {
  try {
    if ((sessionStorage.getItem(VISITED_VIEWS_OWNER_KEY) ?? '') !== sessionOwner()) return [];
    const raw = sessionStorage.getItem(VISITED_VIEWS_KEY);
    const list = raw ? (JSON.parse(raw) as TVisitedView[]) : [];
    return Array.isArray(list) ? list.slice(-MAX_VISITED_VIEWS) : [];
  } catch {
    return [];
  }
}

function saveVisited(list: TVisitedView[], owner: string) {
  try {
    sessionStorage.setItem(VISITED_VIEWS_KEY, JSON.stringify(list));
    sessionStorage.setItem(VISITED_VIEWS_OWNER_KEY, owner);
  } catch {
    // Storage full or disabled: tabs then last for this page only.
  }
}

export interface AppState {
  /** Sidebar open; persisted as 1/0 (spec section 9). */
  sidebarOpened: boolean;
  visitedViews: TVisitedView[];
  /** The session the tabs in memory belong to. */
  visitedViewsOwner: string;
  /** A detail set before its tab was added (the screen's effect ran first). */
  pendingViewDetail: { fullPath: string; detail: string | undefined } | null;
  errorLog: TErrorLogEntry[];
  /** Dialogs do not close on a backdrop click (spec section 9). */
  dialogCloseOnClickModal: false;
  toggleSidebar(): void;
  addVisitedView(view: TVisitedView): void;
  /** Removes a tab and answers the tabs left. */
  removeVisitedView(path: string): TVisitedView[];
  clearVisitedViews(): void;
  /** Names what the page at `fullPath` shows (undefined: the route title alone). */
  setVisitedViewDetail(fullPath: string, detail: string | undefined): void;
  addErrorLog(entry: TErrorLogEntry): void;
  clearErrorLog(): void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpened: localStorage.getItem(SIDEBAR_STATUS_KEY) !== '0',
  visitedViews: readVisited(),
  visitedViewsOwner: sessionOwner(),
  pendingViewDetail: null,
  errorLog: [],
  dialogCloseOnClickModal: false,
  toggleSidebar() {
    const opened = !get().sidebarOpened;
    localStorage.setItem(SIDEBAR_STATUS_KEY, opened ? '1' : '0');
    set({ sidebarOpened: opened });
  },
  addVisitedView(added) {
    const owner = sessionOwner();
    // Another session's tabs are dropped, never shown.
    const current = get().visitedViewsOwner === owner ? get().visitedViews : [];
    const pending = get().pendingViewDetail;
    const existing = current.find((v) => v.path === added.path);
    const detail =
      pending?.fullPath === added.fullPath
        ? pending.detail
        : existing?.fullPath === added.fullPath
          ? existing.detail
          : undefined;
    const view: TVisitedView = { ...added, ...(detail ? { detail } : {}) };
    // An already open tab keeps its place and follows the latest query.
    const list = existing
      ? current.map((v) => (v.path === view.path ? view : v))
      : [...current.filter((v) => v.path !== view.path), view].slice(-MAX_VISITED_VIEWS);
    saveVisited(list, owner);
    set({ visitedViews: list, visitedViewsOwner: owner, pendingViewDetail: null });
  },
  removeVisitedView(path) {
    const list = get().visitedViews.filter((v) => v.path !== path);
    saveVisited(list, get().visitedViewsOwner);
    set({ visitedViews: list });
    return list;
  },
  clearVisitedViews() {
    saveVisited([], '');
    set({ visitedViews: [], visitedViewsOwner: '', pendingViewDetail: null });
  },
  setVisitedViewDetail(fullPath, detail) {
    const views = get().visitedViews;
    if (!views.some((v) => v.fullPath === fullPath)) {
      set({ pendingViewDetail: { fullPath, detail } });
      return;
    }
    const list = views.map((v) => {
      if (v.fullPath !== fullPath) return v;
      const { detail: _previous, ...rest } = v;
      return detail ? { ...rest, detail } : rest;
    });
    saveVisited(list, get().visitedViewsOwner);
    set({ visitedViews: list });
  },
  addErrorLog(entry) {
    set({ errorLog: [...get().errorLog, entry].slice(-100) });
  },
  clearErrorLog() {
    set({ errorLog: [] });
  },
}));

/**
 * The task the task screens are on (spec sections 3 and 9: session storage holds encryptionTaskId):
 * a task screen opened without an id in its URL continues with it. It belongs to one session and
 * one company, so logout and company switch clear it (session-actions.ts).
 */
export const getEncryptionTaskId = () => sessionStorage.getItem(ENCRYPTION_TASK_ID_KEY);
export const setEncryptionTaskId = (id: string) => sessionStorage.setItem(ENCRYPTION_TASK_ID_KEY, id);
export const clearEncryptionTaskId = () => sessionStorage.removeItem(ENCRYPTION_TASK_ID_KEY);
