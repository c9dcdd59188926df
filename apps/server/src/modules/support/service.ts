import type { TCustomerServiceMessage } from '@flexpay/contract';
import type { AuthContext } from '../../core/auth.ts';
import type { ServiceContext } from '../../core/context.ts';
import * as repo from './repo.ts';

const toMessage = (r: Awaited<ReturnType<typeof repo.insertMessage>>): TCustomerServiceMessage => ({
  id: r.id,
  content: r.content,
  contact: r.contact,
  status: r.status === 'replied' ? 'replied' : 'open',
  reply: r.reply,
  createdAt: r.createdAt.toISOString(),
});

/** The admin's own recent messages to customer service, with the replies. */
export async function listMyMessages(ctx: ServiceContext, auth: AuthContext): Promise<TCustomerServiceMessage[]> {
  return (await repo.findRecentMessages(ctx.db, auth.companyId, auth.adminId)).map(toMessage);
}

export async function leaveMessage(
  ctx: ServiceContext,
  auth: AuthContext,
  body: { content: string; contact: string },
): Promise<TCustomerServiceMessage> {
  return toMessage(await repo.insertMessage(ctx.db, { companyId: auth.companyId, adminId: auth.adminId, ...body }));
}
