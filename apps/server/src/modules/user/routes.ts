import { asPlatform } from '../../db/scope.ts';
import {
  API,
  ZAssociatedUser,
  ZChangeMobileBody,
  ZChangePasswordBody,
  ZChangeVerifyMethodBody,
  ZMenuAll,
  ZMenuNode,
  ZTotpSetup,
  ZUserInfo,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import {
  changeMobile,
  changePassword,
  changeVerifyMethod,
  getAllMenus,
  getAssociatedUsers,
  getFrontInfo,
  getPermittedMenus,
  startTotpSetup,
} from './service.ts';

/** The signed-in admin: user info, linked accounts, menus, and personal settings. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.user.info,
    access: 'session',
    schema: { tags: ['user'], summary: '当前用户信息', data: ZUserInfo },
    handler: (auth) => getFrontInfo(app.ctx, auth),
  });

  route(app, {
    method: 'GET',
    url: API.user.associated,
    access: 'session',
    schema: { tags: ['user'], summary: '关联账号', data: z.array(ZAssociatedUser) },
    // Linked accounts are admins of other companies by definition.
    handler: (auth) => asPlatform('list linked accounts', () => getAssociatedUsers(app.ctx, auth)),
  });

  route(app, {
    method: 'GET',
    url: API.user.menus,
    access: 'session',
    schema: { tags: ['user'], summary: '当前用户可见菜单', data: z.array(ZMenuNode) },
    handler: (auth) => getPermittedMenus(auth),
  });

  route(app, {
    method: 'GET',
    url: API.user.menuAll,
    access: 'session',
    schema: { tags: ['user'], summary: '全部菜单与操作权限', data: ZMenuAll },
    handler: () => getAllMenus(),
  });

  route(app, {
    method: 'PUT',
    url: API.user.password,
    access: 'session',
    audit: 'personal.password',
    schema: { tags: ['personal'], summary: '修改密码', body: ZChangePasswordBody, data: z.null() },
    message: '密码已修改，其他设备上的登录已失效',
    handler: async (auth, { body, request }) => {
      await changePassword(app.ctx, auth, body, request.ip);
      return null;
    },
  });

  route(app, {
    method: 'POST',
    url: API.user.totp,
    access: 'session',
    audit: 'personal.totpSetup',
    schema: { tags: ['personal'], summary: '生成身份验证器密钥', data: ZTotpSetup },
    handler: (auth, { request }) => startTotpSetup(app.ctx, auth, request.ip),
  });

  route(app, {
    method: 'PUT',
    url: API.user.verifyMethod,
    access: 'session',
    audit: 'personal.verifyMethod',
    schema: { tags: ['personal'], summary: '修改认证方式', body: ZChangeVerifyMethodBody, data: z.null() },
    message: '认证方式已修改',
    handler: async (auth, { body, request }) => {
      await changeVerifyMethod(app.ctx, auth, body, request.ip);
      return null;
    },
  });

  route(app, {
    method: 'PUT',
    url: API.user.mobile,
    access: 'session',
    audit: 'personal.mobile',
    schema: { tags: ['personal'], summary: '修改手机号', body: ZChangeMobileBody, data: z.null() },
    message: '手机号已修改',
    handler: async (auth, { body }) => {
      await changeMobile(app.ctx, auth, body);
      return null;
    },
  });
};
