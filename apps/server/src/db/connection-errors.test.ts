import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors.ts';

/** A driver error wrapped as Drizzle wraps a failed query. */
const wrapped = (driver: Error) => new Error('Failed query: select 1\nparams: ', { cause: driver });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a server going away by its SQLSTATE, under Drizzle’s wrapper', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003'])
      expect(isDatabaseUnavailable(wrapped(withCode('terminating connection', code))), code).toBe(true);
  });

  it('knows a refused or cut socket, alone or in an AggregateError (both addresses of localhost)', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode('read ECONNRESET', 'ECONNRESET')))).toBe(true);
    const both = new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(both)).toBe(true);
  });

  it('knows node-postgres’s messages for a connection ended under a query', () => {
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves the statement’s own failures alone', () => {
    for (const code of ['23505', '23503', '40001', '42P01', '57014'])
      expect(isDatabaseUnavailable(wrapped(withCode('refused', code))), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('secret internal detail'))).toBe(false);
    // A message that looks like the driver's but carries a SQLSTATE is the statement's.
    expect(isDatabaseUnavailable(withCode('Connection terminated', '23505'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
