import { CODE_MESSAGES, Code } from '@flexpay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { asPlatform } from '../db/scope.ts';
import { auditLog } from '../db/schema/index.ts';

/** What a handler tells the audit row beyond what the request already says. */
export interface AuditInfo {
  target?: string;
  username?: string;
  companyId?: number;
  adminId?: number;
  /** The operator of a sign-in to the operator console (set before there is a session). */
  operatorId?: number;
  detail?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action name of the audit row (e.g. `admin.create`); `false` for no row. */
    audit?: string | false;
  }
  interface FastifyRequest {
    audit: AuditInfo;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function envelopeOf(payload: unknown): { status?: number; message?: string } {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return {};
  try {
    const body = JSON.parse(payload) as { status?: unknown; message?: unknown };
    return {
      ...(typeof body.status === 'number' ? { status: body.status } : {}),
      ...(typeof body.message === 'string' ? { message: body.message } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Writes one audit row per mutating API request (who, company, action, target, IP, result),
 * failed ones included, before the response leaves.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('audit', null as unknown as AuditInfo);
    app.addHook('onRequest', async (request) => {
      request.audit = {};
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const config = request.routeOptions.config;
      if (!MUTATING.has(request.method) || !request.url.startsWith('/api/') || config?.audit === false) return payload;
      const envelope = envelopeOf(payload);
      const status = envelope.status ?? (reply.statusCode < 400 ? Code.OK : reply.statusCode);
      const info = request.audit ?? {};
      try {
        // The audit trail is the platform's: a row of a failed sign-in or of an operator names no
        // company, so it is written in the platform's scope whatever the request's.
        const row = {
          companyId: request.auth?.companyId ?? info.companyId ?? null,
          adminId: request.auth?.adminId ?? info.adminId ?? null,
          operatorId: request.operator?.operatorId ?? info.operatorId ?? null,
          username:
            (info.username ?? request.auth?.username ?? request.operator?.username ?? null)?.slice(0, 64) ?? null,
          action: config?.audit || `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
          target: (info.target ?? '').slice(0, 100),
          ip: request.ip,
          result: status === Code.OK ? 'success' : 'failure',
          status,
          message: (envelope.message ?? (status === Code.OK ? '' : CODE_MESSAGES[Code.INTERNAL])).slice(0, 300),
          requestId: String(request.id),
          detail: info.detail ?? null,
        };
        await asPlatform('write the audit trail', async () => {
          await app.db.insert(auditLog).values(row);
        });
      } catch (err) {
        request.log.error({ err }, 'audit row not written');
      }
      return payload;
    });
  },
  { name: 'audit' },
);
