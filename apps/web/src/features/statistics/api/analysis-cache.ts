import type { TEmployeeAnalysis } from '@flexpay/contract/web';
import { create } from 'zustand';
import { useSession } from '../../../lib/session-store.ts';

/**
 * The cached analysis data of spec section 3: the last answer per set of filters, so a return to
 * 员工分析 shows the figures at once while they are fetched again. It belongs to one session and
 * one company: a logout (the session cleared) or a company switch (another company id) empties
 * it. It lives in this lazily loaded feature, so the sign-in page's JavaScript carries none of it.
 */
interface AnalysisCacheState {
  byKey: Record<string, TEmployeeAnalysis>;
  put(key: string, data: TEmployeeAnalysis): void;
  clear(): void;
}

export const useAnalysisCache = create<AnalysisCacheState>()((set) => ({
  byKey: {},
  put: (key, data) => set((s) => ({ byKey: { ...s.byKey, [key]: data } })),
  clear: () => set({ byKey: {} }),
}));

useSession.subscribe((now, before) => {
  if (now.token === null || now.companyId !== before.companyId) useAnalysisCache.getState().clear();
});
