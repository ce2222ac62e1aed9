/** RSA-OAEP (SHA-256, MGF1-SHA-256, empty label) in plain JavaScript, used where WebCrypto is unavailable. */
// ---------- JavaScript RSA-OAEP (RFC 8017 §7.1.1) for pages without crypto.subtle ----------

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of `msg`. */
export function sha256(msg: Uint8Array): Uint8Array {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const bitLen = msg.length * 8;
  const padded = new Uint8Array(((msg.length + 9 + 63) >> 6) << 6);
  padded.set(msg);
  padded[msg.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 0x100000000));
  view.setUint32(padded.length - 4, bitLen >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15], b = w[i - 2];
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i] + w[i]) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]);
  return out;
}

function mgf1(seed: Uint8Array, len: number): Uint8Array {
  const out = new Uint8Array(len);
  const buf = new Uint8Array(seed.length + 4);
  buf.set(seed);
  for (let counter = 0, pos = 0; pos < len; counter++) {
    new DataView(buf.buffer).setUint32(seed.length, counter);
    const block = sha256(buf);
    out.set(block.subarray(0, Math.min(32, len - pos)), pos);
    pos += 32;
  }
  return out;
}

/** Reads n and e from a DER SubjectPublicKeyInfo of an RSA key. */
function parseSpki(der: Uint8Array): { n: bigint; e: bigint } {
  let p = 0;
  const header = () => {
    const tag = der[p++];
    let len = der[p++];
    if (len & 0x80) {
      const bytes = len & 0x7f;
      len = 0;
      for (let i = 0; i < bytes; i++) len = len * 256 + der[p++];
    }
    return { tag, len };
  };
  const int = () => {
    const { tag, len } = header();
    if (tag !== 0x02) throw new Error('bad key');
    let v = 0n;
    for (let i = 0; i < len; i++) v = (v << 8n) | BigInt(der[p + i]);
    p += len;
    return v;
  };
  header(); // SubjectPublicKeyInfo SEQUENCE
  const alg = header(); // AlgorithmIdentifier SEQUENCE
  p += alg.len;
  const bits = header(); // BIT STRING
  if (bits.tag !== 0x03) throw new Error('bad key');
  p += 1; // unused-bits byte
  header(); // RSAPublicKey SEQUENCE
  const n = int();
  const e = int();
  return { n, e };
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  base %= mod;
  while (exp > 0n) {
    if (exp & 1n) result = (result * base) % mod;
    base = (base * base) % mod;
    exp >>= 1n;
  }
  return result;
}

/** RSAES-OAEP-ENCRYPT with SHA-256 and MGF1-SHA-256, empty label. */
export function oaepEncrypt(spkiDer: Uint8Array, message: Uint8Array): Uint8Array {
  const { n, e } = parseSpki(spkiDer);
  const k = Math.ceil(n.toString(16).length / 2);
  const hLen = 32;
  if (message.length > k - 2 * hLen - 2) throw new Error('密码过长');
  const lHash = sha256(new Uint8Array(0));
  const db = new Uint8Array(k - hLen - 1);
  db.set(lHash);
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const seed = new Uint8Array(hLen);
  globalThis.crypto.getRandomValues(seed);
  const dbMask = mgf1(seed, db.length);
  for (let i = 0; i < db.length; i++) db[i] ^= dbMask[i];
  const seedMask = mgf1(db, hLen);
  for (let i = 0; i < hLen; i++) seed[i] ^= seedMask[i];
  const em = new Uint8Array(k);
  em.set(seed, 1);
  em.set(db, 1 + hLen);
  let m = 0n;
  for (const b of em) m = (m << 8n) | BigInt(b);
  let c = modPow(m, e, n);
  const out = new Uint8Array(k);
  for (let i = k - 1; i >= 0; i--) { out[i] = Number(c & 0xffn); c >>= 8n; }
  return out;
}
