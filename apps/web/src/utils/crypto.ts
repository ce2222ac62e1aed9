/**
 * Password encryption for every password field (RSA-OAEP, SHA-256, base64), with the public key of
 * GET /api/v1/auth/publicKey. WebCrypto is used where the page is a secure context; on a plain-HTTP
 * school intranet address (no `crypto.subtle`) the same padding is computed in JavaScript.
 */
import { getPublicKey } from '@/api/auth';
import { oaepEncrypt } from './rsaOaep';

let keyPem: Promise<string> | null = null;

/** The server's public key (PEM), fetched once. */
function publicKeyPem(): Promise<string> {
  if (!keyPem) {
    keyPem = getPublicKey().then((res) => {
      if (res.code !== 200 || typeof res.data !== 'string') throw new Error(res.msg || '获取加密公钥失败');
      return res.data;
    });
    keyPem.catch(() => { keyPem = null; });
  }
  return keyPem;
}

/** Forget the fetched key (e.g. after the server answered that decryption failed). */
export function clearPublicKeyCache() {
  keyPem = null;
}

function pemToDer(pem: string): Uint8Array {
  const b64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Encrypts `plain` with the server's RSA public key (RSA-OAEP SHA-256) and returns base64. */
export async function encryptPassword(plain: string): Promise<string> {
  const der = pemToDer(await publicKeyPem());
  const data = new TextEncoder().encode(plain);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const key = await subtle.importKey('spki', der as BufferSource, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
      const buf = await subtle.encrypt({ name: 'RSA-OAEP' }, key, data as BufferSource);
      return toBase64(new Uint8Array(buf));
    } catch {
      // fall through to the JavaScript implementation
    }
  }
  return toBase64(oaepEncrypt(der, data));
}
