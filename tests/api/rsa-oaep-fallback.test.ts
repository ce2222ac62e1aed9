// The web's JavaScript RSA-OAEP (used on plain-HTTP intranet pages without crypto.subtle) must produce what the
// server's real key decrypts: encrypt in Node with the web's own code, then sign in with it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@jz/shared';
import { oaepEncrypt, sha256 } from '../../apps/web/src/utils/rsaOaep.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

const der = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');

describe('the web fallback SHA-256', () => {
  it('matches node:crypto on lengths around the block boundaries', () => {
    for (const len of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const msg = Buffer.alloc(len, len % 251);
      expect(Buffer.from(sha256(msg)).toString('hex')).toBe(createHash('sha256').update(msg).digest('hex'));
    }
  });
});

describe.each(dbKinds)('the web RSA-OAEP fallback against the server key on %s', (kind) => {
  let t: TestApp;
  let key: Buffer;
  const login = (password: string, n: number) =>
    t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'head1', password }, remoteAddress: `10.61.0.${n}` });

  beforeAll(async () => {
    t = await createTestApp(kind);
    key = der((await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data);
  });
  afterAll(async () => t.close());

  it('signs in with a password the fallback encrypted', async () => {
    const enc = Buffer.from(oaepEncrypt(key, new TextEncoder().encode(DEMO_PASSWORD))).toString('base64');
    expect(Buffer.from(enc, 'base64').length).toBe(256);
    expect((await login(enc, 1)).body.code).toBe(200);
    // random seed: two encryptions differ, both decrypt
    const again = Buffer.from(oaepEncrypt(key, new TextEncoder().encode(DEMO_PASSWORD))).toString('base64');
    expect(again).not.toBe(enc);
    expect((await login(again, 2)).body.code).toBe(200);
  });

  it('a wrong password encrypted by the fallback is refused as wrong, not as undecryptable', async () => {
    const enc = Buffer.from(oaepEncrypt(key, new TextEncoder().encode('不对的密码Abc1'))).toString('base64');
    expect((await login(enc, 3)).body.msg).toBe('账号或密码错误');
  });
});
