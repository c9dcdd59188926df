import { API, ZCustomerServiceMessage, ZCustomerServiceMessageBody } from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { leaveMessage, listMyMessages } from './service.ts';

/** The customer-service drawer of the top bar: messages to the platform and their replies. */
export const supportRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.support.messages,
    access: 'session',
    schema: { tags: ['support'], summary: '我的客服留言', data: z.array(ZCustomerServiceMessage) },
    handler: (auth) => listMyMessages(app.ctx, auth),
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
    handler: (auth, { body }) => leaveMessage(app.ctx, auth, body),
  });
};
