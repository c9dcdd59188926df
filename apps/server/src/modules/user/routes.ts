import {
  Code,
  ZAssociatedUser,
  ZChangeMobileBody,
  ZChangePasswordBody,
  ZChangeVerifyMethodBody,
  ZEnvelope,
  ZMenuAll,
  ZMenuNode,
  ZTotpSetup,
  ZUserInfo,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
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

const ZOk = ZEnvelope(z.null());

/** The signed-in admin: user info, linked accounts, menus, and personal settings. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/user/front/info',
    {
      config: { access: 'session' },
      schema: { tags: ['user'], summary: '当前用户信息', response: { 200: ZEnvelope(ZUserInfo) } },
    },
    async (request) => ({ status: Code.OK, data: await getFrontInfo(app.ctx, requireAuth(request)) }),
  );

  app.get(
    '/api/admin/user/getAssociatedUserInfo',
    {
      config: { access: 'session' },
      schema: { tags: ['user'], summary: '关联账号', response: { 200: ZEnvelope(z.array(ZAssociatedUser)) } },
    },
    async (request) => ({ status: Code.OK, data: await getAssociatedUsers(app.ctx, requireAuth(request)) }),
  );

  app.get(
    '/api/admin/user/front/menus',
    {
      config: { access: 'session' },
      schema: { tags: ['user'], summary: '当前用户可见菜单', response: { 200: ZEnvelope(z.array(ZMenuNode)) } },
    },
    async (request) => ({ status: Code.OK, data: getPermittedMenus(requireAuth(request)) }),
  );

  app.get(
    '/api/admin/user/front/menu/all',
    {
      config: { access: 'session' },
      schema: { tags: ['user'], summary: '全部菜单与操作权限', response: { 200: ZEnvelope(ZMenuAll) } },
    },
    async () => ({ status: Code.OK, data: getAllMenus() }),
  );

  app.put(
    '/api/admin/user/personal/password',
    {
      config: { access: 'session', audit: 'personal.password' },
      schema: { tags: ['personal'], summary: '修改密码', body: ZChangePasswordBody, response: { 200: ZOk } },
    },
    async (request) => {
      await changePassword(app.ctx, requireAuth(request), request.body, request.ip);
      return { status: Code.OK, message: '密码已修改，其他设备上的登录已失效', data: null };
    },
  );

  app.post(
    '/api/admin/user/personal/totp',
    {
      config: { access: 'session', audit: 'personal.totpSetup' },
      schema: { tags: ['personal'], summary: '生成身份验证器密钥', response: { 200: ZEnvelope(ZTotpSetup) } },
    },
    async (request) => ({ status: Code.OK, data: await startTotpSetup(app.ctx, requireAuth(request), request.ip) }),
  );

  app.put(
    '/api/admin/user/personal/verifyMethod',
    {
      config: { access: 'session', audit: 'personal.verifyMethod' },
      schema: { tags: ['personal'], summary: '修改认证方式', body: ZChangeVerifyMethodBody, response: { 200: ZOk } },
    },
    async (request) => {
      await changeVerifyMethod(app.ctx, requireAuth(request), request.body, request.ip);
      return { status: Code.OK, message: '认证方式已修改', data: null };
    },
  );

  app.put(
    '/api/admin/user/personal/mobile',
    {
      config: { access: 'session', audit: 'personal.mobile' },
      schema: { tags: ['personal'], summary: '修改手机号', body: ZChangeMobileBody, response: { 200: ZOk } },
    },
    async (request) => {
      await changeMobile(app.ctx, requireAuth(request), request.body);
      return { status: Code.OK, message: '手机号已修改', data: null };
    },
  );
};
