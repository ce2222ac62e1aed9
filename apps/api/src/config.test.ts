import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** The environment is validated by a schema at start; a wrong value names the variable and why. */
describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment (empty strings count as unset)', () => {
    const c = loadConfig({ PORT: '', JOB_CONCURRENCY: '' });
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', jobConcurrency: 2, loginFailLimit: 5, backupKeepDays: 7, seedDemo: true,
      renderFileTtlMs: 72 * 3600 * 1000, dbConnectTimeoutMs: 10_000, dbStatementTimeoutMs: 300_000, shutdownTimeoutMs: 60_000 });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads the values it is given', () => {
    const c = loadConfig({ PORT: '9090', DATABASE_URL: 'postgresql://u@h/db', REDIS_URL: 'redis://127.0.0.1:6379', SEED_DEMO: '0', JOB_CONCURRENCY: '0' });
    expect(c).toMatchObject({ port: 9090, databaseUrl: 'postgresql://u@h/db', redisUrl: 'redis://127.0.0.1:6379', seedDemo: false, jobConcurrency: 0 });
  });

  it('refuses wrong values with the variable, the reason and the value, all at once', () => {
    let msg = '';
    try { loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOGIN_FAIL_LIMIT: '0', SEED_DEMO: 'yes' }); } catch (e) { msg = (e as Error).message; }
    expect(msg).toContain('环境变量 PORT 不正确：须为整数（当前为 “abc”）');
    expect(msg).toContain('环境变量 DATABASE_URL 不正确：须以 postgres:// 或 postgresql:// 开头');
    expect(msg).toContain('环境变量 LOGIN_FAIL_LIMIT 不正确：不能小于 1');
    expect(msg).toContain('环境变量 SEED_DEMO 不正确：须为 0 或 1');
    expect(() => loadConfig({ PORT: '70000' })).toThrow('不能大于 65535');
    expect(() => loadConfig({ PORT: '-1' })).toThrow('不能小于 0');
  });
});
