import type { TRemoteOptions } from '../../../lib/list-filters.ts';
import { getRoleOptions } from './get-role-options.ts';

/**
 * The 角色 filter's options. The company's roles come in one call (`/api/admin/role/options`,
 * the element this screen holds), matched here by the typed text; a role read from the URL
 * gets its name from the same call.
 */
export const roleRemoteOptions: TRemoteOptions = {
  queryKey: ['system', 'roleSearch'],
  search: async (keyword) => {
    const roles = await getRoleOptions();
    return roles.filter((role) => role.name.includes(keyword)).map((role) => ({ value: role.id, label: role.name }));
  },
  resolve: async (id) => {
    const role = (await getRoleOptions()).find((option) => option.id === id);
    return role ? { value: role.id, label: role.name } : undefined;
  },
};
