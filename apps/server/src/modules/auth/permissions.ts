import { ELEMENT_CODES, allMenuCodes, personalMenuCodes } from '@flexpay/contract';

export interface Permissions {
  menus: string[];
  elements: string[];
}

/**
 * What an admin may see and do: everything for an owner or a holder of the owner role, else the
 * union of the admin's roles, limited to menus whose screens exist and to known element codes.
 * The personal pages (password, verification method, mobile) belong to every admin, whatever
 * its roles grant.
 */
export function computePermissions(
  isOwner: boolean,
  roles: { isOwnerRole: boolean; menuCodes: string[]; elementCodes: string[] }[],
): Permissions {
  const menus = allMenuCodes();
  if (isOwner || roles.some((r) => r.isOwnerRole)) return { menus, elements: [...ELEMENT_CODES] };
  const granted = new Set([...roles.flatMap((r) => r.menuCodes), ...personalMenuCodes()]);
  const grantedElements = new Set(roles.flatMap((r) => r.elementCodes));
  return {
    menus: menus.filter((m) => granted.has(m)),
    elements: ELEMENT_CODES.filter((e) => grantedElements.has(e)),
  };
}
