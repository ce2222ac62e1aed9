import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe.each(dbKinds)('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t.close(); });

  it('serves the RSA public key as PEM', async () => {
    const { body } = await t.call({ url: '/api/v1/auth/publicKey' });
    expect(body.code).toBe(200);
    expect(body.data).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('refuses a protected route without a token (body code 401)', async () => {
    const { body } = await t.call({ url: '/api/v1/pc_student/find_page' });
    expect(body.code).toBe(401);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/auth/publicKey']).toBeTruthy();
  });
});
