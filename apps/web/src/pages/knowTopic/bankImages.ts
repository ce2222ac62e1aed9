import { fetchBankImage } from '@/api/questionBank';

/**
 * Pictures imported with a .docx paper are stored in the question as /api/v1/question_bank/image/<school>/<name>
 * and served only with the session's token, which an <img> cannot send: the page fetches each with the token once
 * and shows it through an object URL (kept for the page's life; the pictures never change under one name).
 */
const PREFIX = '/api/v1';
export const BANK_IMAGE_SRC = /^\/api\/v1\/question_bank\/image\/\d{1,9}\/[0-9a-f-]{36}\.(?:png|jpg|gif|webp)$/;
const ALL_SRC = /\/api\/v1\/question_bank\/image\/\d{1,9}\/[0-9a-f-]{36}\.(?:png|jpg|gif|webp)/g;

const loaded = new Map<string, string>(); // stored src → object URL
const loading = new Map<string, Promise<string | null>>();

/** The object URL showing a stored picture, fetched with the token (null when refused or absent). */
export function bankImageUrl(src: string): Promise<string | null> {
  const done = loaded.get(src);
  if (done) return Promise.resolve(done);
  let p = loading.get(src);
  if (!p) {
    p = fetchBankImage(src.slice(PREFIX.length)).then((res) => {
      if (!('blob' in res)) return null;
      const url = URL.createObjectURL(res.blob);
      loaded.set(src, url);
      return url;
    }).catch(() => null).finally(() => loading.delete(src));
    loading.set(src, p);
  }
  return p;
}

/** Fetches every stored picture named in the HTML (for an editor about to show it). */
export async function loadBankImages(html: string): Promise<void> {
  await Promise.all([...new Set(html.match(ALL_SRC) ?? [])].map(bankImageUrl));
}

/** The HTML with loaded pictures pointing at their object URLs (what an editor shows). */
export const toShown = (html: string) => html.replace(ALL_SRC, (src) => loaded.get(src) ?? src);

/** The HTML with object URLs turned back into the stored addresses (what is saved). */
export function toStored(html: string): string {
  let out = html;
  for (const [src, url] of loaded) if (out.includes(url)) out = out.split(url).join(src);
  return out;
}
