import { API, type TMonitor } from '@flexpay/contract/web';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { formatAge } from './routes/monitor-page.tsx';
import { OPERATOR } from './test-data.ts';
import { buttonName, fail, mockOpsApi, ok, renderOps, setupUser } from './test-utils.tsx';

const NOW = '2026-11-29T02:40:00.000Z';

function monitor(requestsPerMinute: number): TMonitor {
  return {
    now: NOW,
    processes: [
      {
        name: 'api-1',
        version: '0.1.0',
        startedAt: '2026-11-29T01:00:00.000Z',
        beatAt: '2026-11-29T02:39:55.000Z',
        gone: false,
        rssBytes: 180 * 1024 * 1024,
        heapUsedBytes: 90 * 1024 * 1024,
        eventLoopDelayMs: 12.4,
        requestsPerMinute,
        p95Ms: 48,
        errorRate: 0.025,
      },
      {
        name: 'api-2',
        version: '0.1.0',
        startedAt: '2026-11-29T01:00:00.000Z',
        beatAt: '2026-11-29T02:35:00.000Z',
        gone: true,
        rssBytes: 170 * 1024 * 1024,
        heapUsedBytes: 80 * 1024 * 1024,
        eventLoopDelayMs: 3,
        requestsPerMinute: 0,
        p95Ms: null,
        errorRate: null,
      },
    ],
    queues: [
      {
        queue: 'payout.dispatch',
        counts: { created: 3, retry: 1, active: 2, completed: 120, failed: 4, cancelled: 0 },
      },
    ],
    payouts: {
      open: 7,
      oldest: { ref: 'PO1001', status: 'submitted', createdAt: '2026-11-29T00:38:00.000Z', ageSeconds: 7320 },
    },
    database: {
      kind: 'postgres',
      sizeBytes: 512 * 1024 * 1024,
      connections: 14,
      pool: { total: 10, idle: 8, waiting: 0 },
    },
  };
}

describe('formatAge', () => {
  it('reads seconds as minutes, hours and days', () => {
    expect(formatAge(42)).toBe('42秒');
    expect(formatAge(125)).toBe('2分5秒');
    expect(formatAge(7320)).toBe('2小时2分');
    expect(formatAge(3 * 86400 + 3600)).toBe('3天1小时');
  });
});

describe('系统监控', () => {
  let restore: () => void = () => {};
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
  });

  it('shows every process with its figures, marks the gone one, the queues, the oldest payout, the database; and refreshes', async () => {
    let answers = 0;
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.monitor}`]: () => ok(monitor(++answers === 1 ? 321 : 654)),
    });
    restore = api.restore;
    renderOps('/ops/monitor');

    const processes = (await screen.findByText('服务进程', {}, { timeout: 15_000 })).closest(
      '.ant-card',
    ) as HTMLElement;
    const live = within(processes).getByText('api-1').closest('tr') as HTMLElement;
    expect(within(live).getByText('运行中')).toBeInTheDocument();
    expect(within(live).getByText('180 MB')).toBeInTheDocument();
    expect(within(live).getByText('12.4 ms')).toBeInTheDocument();
    expect(within(live).getByText('321')).toBeInTheDocument();
    expect(within(live).getByText('48 ms')).toBeInTheDocument();
    expect(within(live).getByText('2.5%')).toBeInTheDocument();
    const gone = within(processes).getByText('api-2').closest('tr') as HTMLElement;
    expect(within(gone).getByText('已离线')).toBeInTheDocument();
    expect(screen.getByText('1 个进程已离线：api-2')).toBeInTheDocument();

    const queues = screen.getByText('任务队列').closest('.ant-card') as HTMLElement;
    const dispatch = within(queues).getByText('payout.dispatch').closest('tr') as HTMLElement;
    expect(
      within(dispatch)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['payout.dispatch', '3', '1', '2', '120', '4', '0']);
    expect(screen.getByTestId('monitor-oldest-payout')).toHaveTextContent('最早一笔 PO1001，已等待 2小时2分');
    expect(screen.getByText('数据库 (PostgreSQL)')).toBeInTheDocument();
    expect(screen.getByText('512 MB')).toBeInTheDocument();
    expect(screen.getByTestId('monitor-connections')).toHaveTextContent('连接数 14，本进程连接池 10（空闲 8，等待 0）');
    expect(document.title).toBe('系统监控 - 平台运营控制台');

    // Polled: the next answer replaces the figures without a click.
    expect(await within(processes).findByText('654', {}, { timeout: 8_000 })).toBeInTheDocument();
  }, 20_000);

  it('says so when the figures cannot be read, and retries', async () => {
    let fails = true;
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.monitor}`]: () => (fails ? fail(500, 50000, '服务器内部错误') : ok(monitor(5))),
    });
    restore = api.restore;
    renderOps('/ops/monitor');
    expect(await screen.findByText('系统监控数据加载失败', {}, { timeout: 15_000 })).toBeInTheDocument();
    fails = false;
    await setupUser().click(screen.getByRole('button', { name: buttonName('重试') }));
    expect(await screen.findByText('服务进程')).toBeInTheDocument();
  });
});
