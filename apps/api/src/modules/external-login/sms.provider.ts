import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig } from './external-login.config.js';

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it (space %20, * %2A, ~ kept). */
export function aliyunEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature v1 (HMAC-SHA1) of a GET request's parameters: base64(HMAC(secret + '&', 'GET&%2F&' + enc(canonical))). */
export function aliyunSign(params: Record<string, string>, secret: string): { canonical: string; signature: string } {
  const canonical = Object.keys(params).sort().map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`).join('&');
  const toSign = `GET&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  const signature = createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
  return { canonical, signature };
}

/** Sends one verification code by SendSms; throws with the provider's message when it refuses. */
export async function sendSmsCode(cfg: SmsConfig, phone: string, code: string): Promise<void> {
  const params: Record<string, string> = {
    AccessKeyId: cfg.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: phone,
    RegionId: 'cn-hangzhou',
    SignName: cfg.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: cfg.templateCode,
    TemplateParam: JSON.stringify({ code }),
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const { canonical, signature } = aliyunSign(params, cfg.accessKeySecret);
  const res = await fetch(`${cfg.endpoint}?Signature=${aliyunEncode(signature)}&${canonical}`, { signal: AbortSignal.timeout(10_000) });
  const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
  if (body.Code !== 'OK') throw new Error(`短信发送失败：${body.Message ?? body.Code ?? res.status}`);
}
