/** Paths of the system screens (the route catalogue in the contract is the source). */
export const ADMIN_LIST_PATH = '/systemSetting/adminManage';
export const ADD_ADMIN_PATH = '/systemSetting/addUser';
export const editAdminPath = (id: number) => `/systemSetting/editUser?id=${id}`;
