import {
  API,
  ZCustomerServiceMessage,
  ZCustomerServiceMessageBody,
  type TCustomerServiceMessage,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
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
export const supportRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.support.messages,
    access: 'session',
    schema: { tags: ['support'], summary: '我的客服留言', data: z.array(ZCustomerServiceMessage) },
    handler: async (auth) => (await findRecentMessages(app.db, auth.companyId, auth.adminId)).map(toMessage),
  });

  route(app, {
    method: 'POST',
    url: API.support.messages,
    access: 'session',
    audit: 'support.message',
    schema: {
      tags: ['support'],
      summary: '给客服留言',
      body: ZCustomerServiceMessageBody,
      data: ZCustomerServiceMessage,
    },
    message: '留言已提交，客服会尽快回复',
    targetOfResult: (message) => `message:${message.id}`,
    handler: async (auth, { body }) =>
      toMessage(await insertMessage(app.db, { companyId: auth.companyId, adminId: auth.adminId, ...body })),
  });
};
