import {
  availableRoutes,
  filterRoutesByMenus,
  type TAssociatedUser,
  type TBranding,
  type TRouteNode,
  type TUserInfo,
} from '@flexpay/contract/web';
import { create } from 'zustand';
import { decodeToken, getToken, removeToken, setCompanyId, setToken, type TDecodedToken } from './token.ts';

/** Branding fields of spec section 3 as the shell reads them. */
export interface TBrandingState {
  logoObjClose: string;
  logoImgSrc: string;
  loginObjClose: string;
  loginImgSrc: string;
  customerServiceObjClose: string;
  customerServiceObjPhoneNumber: string;
  companyName: string;
}

export const DEFAULT_AVATAR = '/avatar.svg';
export { PRODUCT_NAME } from './page-title.ts';

const EMPTY_BRANDING: TBrandingState = {
  logoObjClose: '',
  logoImgSrc: '',
  loginObjClose: '',
  loginImgSrc: '',
  customerServiceObjClose: '',
  customerServiceObjPhoneNumber: '',
  companyName: '',
};

export interface SessionState {
  token: string | null;
  decoded: TDecodedToken | null;
  name: string;
  userName: string;
  companyId: number | null;
  companyName: string;
  avatar: string;
  introduction: string;
  isOwner: boolean;
  verifyMethod: TUserInfo['verifyMethod'] | null;
  mobile: string;
  roles: string[];
  /** Allowed menu codes (spec section 6). */
  menus: Record<string, boolean>;
  /** Allowed element codes. */
  elements: Record<string, boolean>;
  /** Catalogue routes the admin may open (built screens filtered by the menus map). */
  permissionRoutes: TRouteNode[];
  associatedUserInfo: TAssociatedUser[];
  /** Where to go after signing in: the path a signed-out visitor asked for. */
  enterRoute: string | null;
  setting: TBrandingState;
  /** Whether user info (and so menus) has been loaded for the current token. */
  loaded: boolean;

  /** Login sets the token and clears the prior session (spec section 4). */
  signIn(token: string): void;
  /** A refreshed or switched token for the same person. */
  replaceToken(token: string): void;
  applyUserInfo(info: TUserInfo): void;
  setAssociatedUsers(list: TAssociatedUser[]): void;
  setEnterRoute(path: string | null): void;
  setBranding(json: string | null): void;
  /** Clears everything of the session, the stored token included. */
  clear(): void;
}

const initialUser = {
  name: '',
  userName: '',
  companyId: null,
  companyName: '',
  avatar: DEFAULT_AVATAR,
  introduction: '',
  isOwner: false,
  verifyMethod: null,
  mobile: '',
  roles: [] as string[],
  menus: {} as Record<string, boolean>,
  elements: {} as Record<string, boolean>,
  permissionRoutes: [] as TRouteNode[],
  associatedUserInfo: [] as TAssociatedUser[],
  loaded: false,
};

function parseBranding(json: string | null): TBrandingState {
  if (!json) return EMPTY_BRANDING;
  try {
    const b = JSON.parse(json) as TBranding;
    return {
      logoObjClose: b.logoObj?.close ?? '',
      logoImgSrc: b.logoObj?.logoImgSrc ?? '',
      loginObjClose: b.loginObj?.close ?? '',
      loginImgSrc: b.loginObj?.loginImgSrc ?? '',
      customerServiceObjClose: b.customerServiceObj?.close ?? '',
      customerServiceObjPhoneNumber: b.customerServiceObj?.phoneNumber ?? '',
      companyName: b.title ?? '',
    };
  } catch {
    return EMPTY_BRANDING;
  }
}

const toMap = (items: { code: string }[]) => Object.fromEntries(items.map((i) => [i.code, true]));

export const useSession = create<SessionState>()((set) => {
  const token = getToken();
  return {
    token,
    decoded: decodeToken(token),
    ...initialUser,
    enterRoute: null,
    setting: EMPTY_BRANDING,

    signIn(next) {
      setToken(next);
      set({ ...initialUser, token: next, decoded: decodeToken(next) });
    },
    replaceToken(next) {
      setToken(next);
      set({ token: next, decoded: decodeToken(next) });
    },
    applyUserInfo(info) {
      const menus = toMap(info.menus);
      setCompanyId(info.companyId);
      set({
        name: info.name,
        userName: info.username,
        companyId: info.companyId,
        companyName: info.companyName,
        avatar: info.avatar || DEFAULT_AVATAR,
        introduction: info.description,
        isOwner: info.isOwner,
        verifyMethod: info.verifyMethod,
        mobile: info.mobile,
        // Spec section 4: after fetching user info, role is set to admin.
        roles: ['admin'],
        menus,
        elements: toMap(info.elements),
        permissionRoutes: filterRoutesByMenus(availableRoutes(), menus),
        loaded: true,
      });
    },
    setAssociatedUsers(list) {
      set({ associatedUserInfo: list });
    },
    setEnterRoute(path) {
      set({ enterRoute: path });
    },
    setBranding(json) {
      set({ setting: parseBranding(json) });
    },
    clear() {
      removeToken();
      set({ ...initialUser, token: null, decoded: null });
    },
  };
});

/** Whether the signed-in admin holds an element code: buttons the admin lacks are not shown. */
export function useHasElement(code: string): boolean {
  return useSession((s) => s.elements[code] === true);
}

export function hasElement(code: string): boolean {
  return useSession.getState().elements[code] === true;
}
