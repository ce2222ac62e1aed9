import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * Security headers on every kind of answer: the web app's index (served by @fastify/static),
 * API JSON, refusals, unknown paths, file downloads and the swagger UI. The browser side of the policy (the app
 * and /api/docs run without a CSP violation) is tests/e2e/csp.test.ts.
 */

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toContain('upgrade-insecure-requests');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

describe.each(dbKinds)('security headers on %s', (kind) => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    // A stand-in web build, so the static plugin serves an index.html as in production.
    web = mkdtempSync(path.join(os.tmpdir(), 'jz-web-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>大数据精准教学诊断平台</title>');
    t = await createTestApp(kind, { webDist: web });
    t.app.get('/api/v1/__echo_cookie', { config: { auth: 'public' } }, async (req) => ({ code: 200, msg: 'ok', data: req.headers.cookie ?? null }));
  });
  afterAll(async () => { await t?.close(); rmSync(web, { recursive: true, force: true }); });

  it('sets CSP, frame, sniffing and referrer headers on pages, API answers, refusals and downloads', async () => {
    const admin = await t.tokenFor('admin');
    const index = await t.app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('大数据精准教学诊断平台');
    expectSecurityHeaders(index.headers, 'index.html');

    const api = await t.app.inject({ url: '/api/v1/teach/user/getCurrentUserInfo', headers: { authorization: admin } });
    expect(api.json().code).toBe(200);
    expectSecurityHeaders(api.headers, 'api json');

    expectSecurityHeaders((await t.app.inject({ url: '/api/v1/teach/user/getCurrentUserInfo' })).headers, '401 refusal');
    expectSecurityHeaders((await t.app.inject({ url: '/api/v1/no_such_route' })).headers, 'unknown path');
    expectSecurityHeaders((await t.app.inject({ url: `/api/v1/pc_student/find_page?keyword=${encodeURIComponent('\u0000')}`, headers: { authorization: admin } })).headers, 'bad input');

    const file = await t.app.inject({ url: '/api/v1/pc_excel/export_class_stu1', headers: { authorization: admin } });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''");
    expectSecurityHeaders(file.headers, 'xlsx download');

    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expectSecurityHeaders(docs.headers, 'swagger ui');
    expectSecurityHeaders((await t.app.inject({ url: '/api/docs/json' })).headers, 'openapi json');
  });

  it('sends no Strict-Transport-Security and sets no cookie (the admin cookies are the web client\'s)', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('still passes request cookies through light-my-request with cookie@1 (Node 20 pin)', async () => {
    const res = await t.app.inject({ url: '/api/v1/__echo_cookie', cookies: { jz_admin_token: 'abc 令牌' } });
    expect(res.json().data).toBe(`jz_admin_token=${encodeURIComponent('abc 令牌')}`);
  });
});
