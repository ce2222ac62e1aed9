import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExternalLoginConfig } from '../../apps/api/src/modules/external-login/external-login.config.js';

/**
 * Local servers that speak the sign-in providers' real protocols: Alibaba Cloud's SendSms RPC API (the signature
 * is checked by an independent implementation of the published algorithm) and WeChat's website login
 * (sns/oauth2/access_token, sns/userinfo). Codes `code-<x>` are valid and give openid `openid-<x>`.
 */
/** Alibaba Cloud's documented percent-encoding and HMAC-SHA1 signature, written apart from the product's. */
function expectedAliyunSignature(query: URLSearchParams, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/\+/g, '%20').replace(/\*/g, '%2A').replace(/%7E/g, '~')
    .replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29');
  const pairs = [...query.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  return createHmac('sha1', `${secret}&`).update(`GET&%2F&${enc(canonical)}`).digest('base64');
}

export interface FakeProviders { server: Server; base: string; sms: { phone: string; code: string }[]; badSignatures: number }

export async function startFakeProviders(): Promise<FakeProviders> {
  const fake: FakeProviders = { server: undefined as never, base: '', sms: [], badSignatures: 0 };
  fake.server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (body: unknown) => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify(body)); };
    if (url.pathname === '/') { // dysmsapi
      const q = url.searchParams;
      if (q.get('Action') !== 'SendSms' || expectedAliyunSignature(q, 'test-secret') !== q.get('Signature')) {
        fake.badSignatures += 1;
        return json({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
      }
      fake.sms.push({ phone: q.get('PhoneNumbers')!, code: JSON.parse(q.get('TemplateParam')!).code });
      return json({ Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' });
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const code = url.searchParams.get('code');
      if (url.searchParams.get('appid') !== 'wx-test' || url.searchParams.get('secret') !== 'wx-secret') return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (!code?.startsWith('code-')) return json({ errcode: 40029, errmsg: 'invalid code' });
      return json({ access_token: `at-${code}`, expires_in: 7200, refresh_token: 'rt', openid: `openid-${code.slice(5)}`, scope: 'snsapi_login' });
    }
    if (url.pathname === '/sns/userinfo') return json({ openid: url.searchParams.get('openid'), nickname: '测试用户' });
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  fake.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}


/** The product's provider settings pointing at the fakes (redirectUri is where WeChat would send the browser). */
export function fakeProvidersConfig(fake: FakeProviders, redirectUri = 'http://school.test/api/v1/callBack'): ExternalLoginConfig {
  return {
    sms: { provider: 'aliyun', accessKeyId: 'test-key', accessKeySecret: 'test-secret', signName: '精准教学', templateCode: 'SMS_1', endpoint: `${fake.base}/` },
    wechat: { appId: 'wx-test', appSecret: 'wx-secret', redirectUri, openBase: 'https://open.weixin.qq.com', apiBase: fake.base },
  };
}
