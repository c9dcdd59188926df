import {
  Code,
  ZCustomerServiceMessage,
  ZCustomerServiceMessageBody,
  ZEnvelope,
  type TCustomerServiceMessage,
} from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { findRecentMessages, insertMessage } from './repo.ts';

const toMessage = (r: Awaited<ReturnType<typeof insertMessage>>): TCustomerServiceMessage => ({
  id: r.id,
  content: r.content,
  contact: r.contact,
  status: r.status === 'replied' ? 'replied' : 'open',
  reply: r.reply,
  createdAt: r.createdAt.toISOString(),
});

/** The customer-service drawer of the top bar: messages to the platform and their replies. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/customerService/message',
    {
      config: { access: 'session' },
      schema: {
        tags: ['support'],
        summary: '我的客服留言',
        response: { 200: ZEnvelope(z.array(ZCustomerServiceMessage)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await findRecentMessages(app.db, auth.companyId, auth.adminId);
      return { status: Code.OK, data: rows.map(toMessage) };
    },
  );

  app.post(
    '/api/admin/customerService/message',
    {
      config: { access: 'session', audit: 'support.message' },
      schema: {
        tags: ['support'],
        summary: '给客服留言',
        body: ZCustomerServiceMessageBody,
        response: { 200: ZEnvelope(ZCustomerServiceMessage) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await insertMessage(app.db, { companyId: auth.companyId, adminId: auth.adminId, ...request.body });
      request.audit.target = `message:${row.id}`;
      return { status: Code.OK, message: '留言已提交，客服会尽快回复', data: toMessage(row) };
    },
  );
};
