import { message } from 'antd';
import { ADMIN_COOKIES, STORAGE_KEYS, clearUserSession, cookies, nextLocalMidnight } from './storage';

/** Every API answer: code 200 = success. */
export interface ApiResult<T = any> { code: number; msg: string; data: T }

/** Request timeout of every client (docs/PRODUCT.md §9). */
export const REQUEST_TIMEOUT = 120_000;

/** Host prefix put before '/api/v1', '/adminApi/v1', '/studentApi/v1' (docs/PRODUCT.md §7: configurable; empty = same origin). */
export const API_HOST: string = (import.meta.env.VITE_API_HOST as string | undefined)?.replace(/\/$/, '') ?? '';

/** Why a request failed without an answer body: timeout, HTTP status ≥ 400, network failure, or a body without `code`. */
export class RequestError extends Error {
  constructor(readonly kind: 'timeout' | 'http' | 'network' | 'format', message: string, readonly status?: number) {
    super(message);
    this.name = 'RequestError';
  }
}
export const isTimeoutError = (e: unknown) => e instanceof RequestError && e.kind === 'timeout';

/** The school user's token (localStorage `token`). */
export const tokenStore = {
  get: () => localStorage.getItem(STORAGE_KEYS.token) ?? '',
  set: (t: string) => localStorage.setItem(STORAGE_KEYS.token, t),
  clear: () => localStorage.removeItem(STORAGE_KEYS.token),
};

/** The platform administrator's token and user: cookies expiring at the next local midnight (docs/PRODUCT.md §6). */
export const adminTokenStore = {
  get: () => cookies.get(ADMIN_COOKIES.token),
  set: (t: string) => cookies.set(ADMIN_COOKIES.token, t, nextLocalMidnight()),
  clear: () => { cookies.remove(ADMIN_COOKIES.token); cookies.remove(ADMIN_COOKIES.user); },
  getUser: (): { username?: string; userName?: string; [k: string]: unknown } | null => {
    try { const raw = cookies.get(ADMIN_COOKIES.user); return raw ? JSON.parse(raw) : null; } catch { return null; }
  },
  setUser: (u: unknown) => cookies.set(ADMIN_COOKIES.user, JSON.stringify(u), nextLocalMidnight()),
};

/** The student's token (localStorage `studentToken`). */
export const studentTokenStore = {
  get: () => localStorage.getItem(STORAGE_KEYS.studentToken) ?? '',
  set: (t: string) => localStorage.setItem(STORAGE_KEYS.studentToken, t),
  clear: () => localStorage.removeItem(STORAGE_KEYS.studentToken),
};

type Query = Record<string, unknown> | undefined;

function withQuery(url: string, params: Query): string {
  if (!params) return url;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => q.append(k, String(x)));
    else q.append(k, String(v));
  }
  const s = q.toString();
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url;
}

export interface ClientOptions {
  prefix: string;
  getToken: () => string;
  /** Body code 401. */
  onUnauthorized: () => void;
  /** Shown for failures (HTTP 500 etc.). */
  onHttpError: (status: number) => void;
  /** Called with every non-200 body (the admin client shows msg of code ≥ 400 for 5 s). */
  onBizError?: (res: ApiResult) => void;
  timeout?: number;
}

/** A client for one API prefix: GET with query, POST with JSON body, multipart upload, blob download. */
export function createClient(opts: ClientOptions) {
  async function send(method: string, url: string, init: { params?: Query; body?: unknown; form?: FormData; blob?: boolean } = {}): Promise<any> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; controller.abort(); }, opts.timeout ?? REQUEST_TIMEOUT);
    const headers: Record<string, string> = {};
    const token = opts.getToken();
    if (token) headers.Authorization = token;
    let body: BodyInit | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) { headers['Content-Type'] = 'application/json'; body = JSON.stringify(init.body); }
    try {
      let res: Response;
      try {
        res = await fetch(withQuery(`${opts.prefix}${url}`, init.params), { method, headers, body, signal: controller.signal });
      } catch (e) {
        if (timedOut) throw new RequestError('timeout', '请求超时，请检查网络连接');
        throw new RequestError('network', e instanceof Error ? e.message : '网络错误');
      }
      if (!res.ok) { opts.onHttpError(res.status); throw new RequestError('http', `HTTP ${res.status}`, res.status); }
      const type = res.headers.get('content-type') ?? '';
      if (init.blob && !type.includes('application/json')) {
        const disposition = res.headers.get('content-disposition') ?? '';
        const m = /filename\*=UTF-8''([^;]+)/i.exec(disposition) ?? /filename="?([^";]+)"?/i.exec(disposition);
        let filename = '';
        if (m) { try { filename = decodeURIComponent(m[1]); } catch { filename = m[1]; } }
        return { blob: await res.blob(), filename };
      }
      let json: ApiResult;
      try {
        json = (await res.json()) as ApiResult;
      } catch (e) {
        if (timedOut) throw new RequestError('timeout', '请求超时，请检查网络连接');
        throw new RequestError('format', '响应格式错误');
      }
      // A body without `code` is rejected (docs/PRODUCT.md §8).
      if (typeof json !== 'object' || json === null || !('code' in json)) throw new RequestError('format', '响应格式错误');
      if (json.code === 401) opts.onUnauthorized();
      else if (json.code !== 200) opts.onBizError?.(json);
      return json;
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    get: <T = any>(url: string, params?: Query): Promise<ApiResult<T>> => send('GET', url, { params }),
    post: <T = any>(url: string, body?: unknown, params?: Query): Promise<ApiResult<T>> => send('POST', url, { body: body ?? {}, params }),
    put: <T = any>(url: string, body?: unknown): Promise<ApiResult<T>> => send('PUT', url, { body: body ?? {} }),
    del: <T = any>(url: string, body?: unknown): Promise<ApiResult<T>> => send('DELETE', url, { body }),
    upload: <T = any>(url: string, file: File | Blob, fields: Record<string, string> = {}): Promise<ApiResult<T>> => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', file);
      return send('POST', url, { form });
    },
    /** Downloads a file (blob); a JSON body means refusal and is returned as ApiResult. */
    download: async (url: string, params?: Query, method: 'GET' | 'POST' = 'GET'): Promise<ApiResult | { blob: Blob; filename: string }> =>
      send(method, url, method === 'GET' ? { params, blob: true } : { body: params ?? {}, blob: true }),
  };
}

export type HttpClient = ReturnType<typeof createClient>;

/** Saves a downloaded blob under its name. */
/** An HTML page answered by a download route (previews), or the route's JSON refusal. */
export type HtmlResult = ApiResult<null> | { html: string };
export const asHtml = async (res: ApiResult | { blob: Blob; filename: string }): Promise<HtmlResult> => ('blob' in res ? { html: await res.blob.text() } : res);

export function saveBlob(blob: Blob, filename: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

const hashPath = () => location.hash.replace(/^#/, '').split('?')[0] || '/';

/** Sends the browser to a hash route unless it is already there. */
function goTo(path: string) {
  if (hashPath() !== path) location.hash = `#${path}`;
}

let lastHttpWarning = 0;
/** HTTP 500 (or any ≥ 500): one warning even when several calls fail together. */
function warnHttp(status: number) {
  if (status < 500) return;
  const now = Date.now();
  if (now - lastHttpWarning < 1000) return;
  lastHttpWarning = now;
  message.warning('网络请求超时，请重试！');
}

/** Body code of a call refused until the password someone else set is changed; the layout then forces 修改密码. */
export const PASSWORD_CHANGE_DUE_CODE = 428;
export const PASSWORD_CHANGE_DUE_EVENT = 'jz:password-change-due';

/** Teaching API (/api/v1): body code 401 clears the token and goes to /login; 428 asks the layout for the forced 修改密码. */
export const http = createClient({
  prefix: `${API_HOST}/api/v1`,
  getToken: tokenStore.get,
  onUnauthorized: () => {
    clearUserSession();
    const p = hashPath();
    if (!['/login', '/logins', '/'].includes(p)) goTo('/login');
  },
  onHttpError: warnHttp,
  onBizError: (res) => { if (res.code === PASSWORD_CHANGE_DUE_CODE) window.dispatchEvent(new Event(PASSWORD_CHANGE_DUE_EVENT)); },
});

/** Admin API (/adminApi/v1): token from the admin cookie; 401 logs the admin out; code ≥ 400 shows msg for 5 s. */
export const adminHttp = createClient({
  prefix: `${API_HOST}/adminApi/v1`,
  getToken: adminTokenStore.get,
  onUnauthorized: () => { adminTokenStore.clear(); goTo('/admin/login'); },
  onHttpError: warnHttp,
  onBizError: (res) => { if (res.code >= 400) message.warning(res.msg, 5); },
});

/** Student API (/studentApi/v1): 401 clears the student token and goes to the student login page. */
export const studentHttp = createClient({
  prefix: `${API_HOST}/studentApi/v1`,
  getToken: studentTokenStore.get,
  onUnauthorized: () => { studentTokenStore.clear(); goTo('/studentLogin'); },
  onHttpError: warnHttp,
});
