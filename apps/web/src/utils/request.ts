import { message } from 'antd';

/** Every API answer: code 200 = success. */
export interface ApiResult<T = any> { code: number; msg: string; data: T }

export const REQUEST_TIMEOUT = 120_000;
const TOKEN_KEY = 'token';
const ADMIN_TOKEN_KEY = 'adminToken';

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY) ?? '',
  set: (t: string) => localStorage.setItem(TOKEN_KEY, t),
  clear: () => localStorage.removeItem(TOKEN_KEY),
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
}

/** A client for one API prefix: GET with query, POST with JSON body, multipart upload, blob download. */
export function createClient(opts: ClientOptions) {
  async function send(method: string, url: string, init: { params?: Query; body?: unknown; form?: FormData; blob?: boolean } = {}): Promise<any> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT);
    const headers: Record<string, string> = {};
    const token = opts.getToken();
    if (token) headers.Authorization = token;
    let body: BodyInit | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) { headers['Content-Type'] = 'application/json'; body = JSON.stringify(init.body); }
    try {
      const res = await fetch(withQuery(`${opts.prefix}${url}`, init.params), { method, headers, body, signal: controller.signal });
      if (!res.ok) { opts.onHttpError(res.status); throw new Error(`HTTP ${res.status}`); }
      const type = res.headers.get('content-type') ?? '';
      if (init.blob && !type.includes('application/json')) {
        const disposition = res.headers.get('content-disposition') ?? '';
        const m = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
        return { blob: await res.blob(), filename: m ? decodeURIComponent(m[1]) : '' };
      }
      const json = (await res.json()) as ApiResult;
      if (typeof json !== 'object' || json === null || !('code' in json)) throw new Error('响应格式错误');
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

/** Saves a downloaded blob under its name. */
export function saveBlob(blob: Blob, filename: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export const http = createClient({
  prefix: '/api/v1',
  getToken: tokenStore.get,
  onUnauthorized: () => { tokenStore.clear(); if (!location.hash.startsWith('#/login')) location.hash = '#/login'; },
  onHttpError: (status) => { if (status >= 500) message.warning('网络请求超时，请重试！'); },
});

export const adminHttp = createClient({
  prefix: '/adminApi/v1',
  getToken: () => localStorage.getItem(ADMIN_TOKEN_KEY) ?? '',
  onUnauthorized: () => { localStorage.removeItem(ADMIN_TOKEN_KEY); location.hash = '#/admin/login'; },
  onHttpError: (status) => { if (status >= 500) message.warning('网络请求超时，请重试！'); },
  onBizError: (res) => { if (res.code >= 400) message.warning(res.msg, 5); },
});
