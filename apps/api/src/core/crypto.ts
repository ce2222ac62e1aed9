import { constants, createHash, generateKeyPairSync, privateDecrypt, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../db/database.js';
import { BizError } from './http.js';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1 };

/** scrypt$N$salt$hash (salt and hash base64). */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(plain, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const [kind, n, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(plain, Buffer.from(salt, 'base64'), expected.length, { ...SCRYPT, N: Number(n) });
  return timingSafeEqual(actual, expected);
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
export const newNumericCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The RSA key pair the browser encrypts passwords with. Kept in the database so every api instance
 * behind a load balancer decrypts with the same key.
 */
export class PasswordCipher {
  private constructor(readonly publicKeyPem: string, private readonly privateKeyPem: string) {}

  static async load(db: Db): Promise<PasswordCipher> {
    const read = () => db.selectFrom('app_secret').select(['name', 'value']).where('name', 'in', ['rsa_public', 'rsa_private']).execute();
    let rows = await read();
    if (rows.length < 2) {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('app_secret').values([{ name: 'rsa_public', value: publicKey }, { name: 'rsa_private', value: privateKey }])
          .onConflict((oc) => oc.doNothing()).execute();
      });
      rows = await read();
    }
    const get = (n: string) => rows.find((r) => r.name === n)!.value;
    return new PasswordCipher(get('rsa_public'), get('rsa_private'));
  }

  /** RSA-OAEP SHA-256, base64 → plain text. */
  decrypt(base64: string): string {
    try {
      return privateDecrypt(
        { key: this.privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      ).toString('utf8');
    } catch {
      throw new BizError('密码解密失败，请刷新页面后重试');
    }
  }
}
