import {
  GATEWAY_LOG_COUNT_CAP,
  GATEWAY_LOG_RANGE_DAYS,
  type TGatewayLogDetail,
  type TGatewayLogPage,
  type TGatewayLogRow,
  type ZGatewayLogQuery,
} from '@flexpay/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../../core/context.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { auditRowsOfRequest } from '../audit-log/service.ts';
import * as repo from './repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const LEVELS = { 40: 'warn', 50: 'error', 60: 'fatal' } as const;

type LogRow = Awaited<ReturnType<typeof repo.findRequests>>[number];

const toRow = (r: LogRow): TGatewayLogRow => ({
  ...r,
  at: r.at.toISOString(),
  realm: r.realm as TGatewayLogRow['realm'],
});

/** The filters of a list or an export: the query's, with its range checked (the last hour when none is given). */
export function filtersOf(ctx: ServiceContext, q: Omit<z.output<typeof ZGatewayLogQuery>, 'page' | 'limit'>) {
  const to = q.to ? new Date(q.to) : ctx.now();
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - HOUR_MS);
  if (from.getTime() >= to.getTime()) throw invalidField('from', '开始时间须早于结束时间');
  if (to.getTime() - from.getTime() > GATEWAY_LOG_RANGE_DAYS * DAY_MS) {
    throw invalidField('from', `时间范围最多 ${GATEWAY_LOG_RANGE_DAYS} 天，请缩小范围`);
  }
  return {
    from,
    to,
    companyId: q.companyId,
    adminId: q.adminId,
    operatorId: q.operatorId,
    realm: q.realm,
    route: q.route || undefined,
    method: q.method,
    statusFrom: q.statusClass ? Number(q.statusClass[0]) * 100 : undefined,
    code: q.code,
    minLatencyMs: q.minLatencyMs,
    requestId: q.requestId || undefined,
  } satisfies repo.GatewayLogFilters;
}

/**
 * 网关日志's list: the requests of a time range (the last hour when none is given; at most
 * GATEWAY_LOG_RANGE_DAYS days), newest first, with every filter; the total counted up to the cap.
 */
export async function listGatewayLog(
  ctx: ServiceContext,
  q: z.output<typeof ZGatewayLogQuery>,
): Promise<TGatewayLogPage> {
  const page = await repo.findGatewayLogPage(ctx.db, filtersOf(ctx, q), q.page, q.limit, GATEWAY_LOG_COUNT_CAP);
  return {
    total: Math.min(page.total, GATEWAY_LOG_COUNT_CAP),
    capped: page.total > GATEWAY_LOG_COUNT_CAP,
    rows: page.rows.map(toRow),
  };
}

/** One request: its log row, the audit rows it wrote, and the server's warnings and errors about it. */
export async function gatewayLogDetail(ctx: ServiceContext, requestId: string): Promise<TGatewayLogDetail> {
  const [requests, audit, lines] = await Promise.all([
    repo.findRequests(ctx.db, requestId),
    auditRowsOfRequest(ctx, requestId),
    repo.findServerLines(ctx.db, requestId),
  ]);
  if (!requests.length && !audit.length && !lines.length)
    throw notFound('没有这个请求编号的记录（可能已超过保留天数）');
  return {
    requests: requests.map(toRow),
    audit,
    serverLog: lines.map((l) => ({
      at: l.at.toISOString(),
      process: l.process,
      level: LEVELS[l.level as keyof typeof LEVELS] ?? 'error',
      message: l.message,
      detail: l.detail,
    })),
  };
}

/** The daily upkeep: partitions for the days to come, and the days past ACCESS_LOG_DAYS dropped. */
export async function keepGatewayLogDays(ctx: ServiceContext): Promise<number> {
  return repo.keepLogDays(ctx.db, ctx.config.accessLogDays ?? 30);
}
