/**
 * 在线客服 (issue 29): the chat between a company's admins (routes.ts) and the platform's
 * operators (ops-routes.ts), live over server-sent events through this process's hub (hub.ts).
 */
import { defineArea } from '../../core/area.ts';
import { createChatHub } from './hub.ts';
import { opsChatRoutes } from './ops-routes.ts';
import { chatRoutes } from './routes.ts';

export const chatArea = defineArea(
  'chat',
  async (app) => {
    const hub = await createChatHub(app.ctx, app.notifications, app.config.chatHeartbeatMs);
    // A sign-out, disable, password or role change (heard from any process) re-checks the
    // company's open streams at once, instead of at their next heartbeat.
    const unsubscribe = app.ctx.registry.authenticators.session?.subscribe((companyId) => {
      if (companyId !== undefined) hub.recheck(companyId);
    });
    app.ctx.registry.gauges.add('flexpay_chat_streams_open', {
      help: "Chat event streams open on this process (admins' and operators')",
      read: () => hub.size(),
    });
    // Open streams would hold the server open: they end before it closes.
    app.addHook('preClose', async () => {
      unsubscribe?.();
      await hub.close();
    });
    await app.register(chatRoutes(hub));
    await app.register(opsChatRoutes(hub));
  },
  ['operator', 'auth'],
);
