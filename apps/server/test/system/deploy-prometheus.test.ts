import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * deploy/prometheus.yml and its alert rules: every alert names metrics the server really exports
 * (read from a scrape), the ones that must page are there, and, where promtool is installed
 * (`apt-get install prometheus`), Prometheus's own checker accepts the files and the rules' unit
 * tests pass.
 */
const deploy = fileURLToPath(new URL('../../../../deploy/', import.meta.url));
const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string };
}
const rules = (
  parse(readFileSync(`${deploy}prometheus-alerts.yml`, 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);

const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

describe('deploy/prometheus-alerts.yml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t?.close());

  it('pages on a process gone, the 5xx rate, a payout open too long and a queue growing', () => {
    const paging = rules.filter((r) => r.labels.severity === 'page').map((r) => r.alert);
    expect(paging.sort()).toEqual(
      ['FlexpayHigh5xxRate', 'FlexpayJobQueueGrowing', 'FlexpayPayoutOpenTooLong', 'FlexpayProcessGone'].sort(),
    );
    for (const r of rules) {
      expect(['page', 'ticket']).toContain(r.labels.severity);
      expect(r.annotations.summary).toBeTruthy();
      expect(r.annotations.description).toBeTruthy();
    }
  });

  it('names only metrics the server exports', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    const families = new Set([...text.matchAll(/^# TYPE (\w+) /gm)].map((m) => m[1]));
    const named = new Set(
      rules.flatMap((r) => [...r.expr.matchAll(/\b((?:flexpay|http|nodejs|process)_\w+)\b/g)].map((m) => m[1] ?? '')),
    );
    expect(named.size).toBeGreaterThan(4);
    // The pool's waiting queries are PostgreSQL's (PGlite has one connection and no pool).
    const postgresOnly = new Set(['flexpay_db_pool_waiting']);
    for (const name of named) {
      if (t.database.kind === 'pglite' && postgresOnly.has(name)) continue;
      expect(families, name).toContain(name.replace(/_(count|sum|bucket)$/, ''));
    }
  });

  it.skipIf(!hasPromtool)('passes promtool: the scrape config, the rules and their unit tests', () => {
    const run = (...args: string[]) => execFileSync('promtool', args, { cwd: deploy, encoding: 'utf8' });
    expect(run('check', 'config', 'prometheus.yml')).toContain('SUCCESS');
    expect(run('test', 'rules', 'prometheus-alerts.test.yml')).toContain('SUCCESS');
  });
});
