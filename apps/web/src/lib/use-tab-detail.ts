import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from './app-store.ts';

/**
 * Names what the current page shows on its tab, after the route title: `useTabDetail(worker?.name)`
 * makes the tab read `员工详情 - 张三` once the worker is loaded. Undefined shows the title alone.
 */
export function useTabDetail(detail: string | undefined): void {
  const location = useLocation();
  const fullPath = location.pathname + location.search;
  const setDetail = useAppStore((s) => s.setVisitedViewDetail);
  useEffect(() => {
    setDetail(fullPath, detail);
  }, [fullPath, detail, setDetail]);
}
