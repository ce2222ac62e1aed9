import { API_HOST, tokenStore, type ApiResult } from './request';

export interface UploadProgress { loaded: number; total: number }

/**
 * POST multipart to the teaching API with upload progress (fetch has none): the fields go both in the query string
 * (where the scan routes read a batch's settings before its files stream in) and as form fields, then every file
 * under `file`. Resolves to the answer body; a network failure or an answer without `code` rejects with a Chinese message.
 * `signal` aborts the upload.
 */
export function uploadWithProgress<T = unknown>(
  url: string, files: File[], fields: Record<string, string>, onProgress: (p: UploadProgress) => void, signal?: AbortSignal,
): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append('file', f, f.name);
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams(fields).toString();
    xhr.open('POST', `${API_HOST}/api/v1${url}${query ? `${url.includes('?') ? '&' : '?'}${query}` : ''}`);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total }); };
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as ApiResult<T>;
        if (body && typeof body === 'object' && 'code' in body) resolve(body);
        else reject(new Error('响应格式错误'));
      } catch {
        reject(new Error(xhr.status >= 400 ? `上传失败（HTTP ${xhr.status}）` : '响应格式错误'));
      }
    };
    xhr.onerror = () => reject(new Error('网络错误，上传失败'));
    xhr.onabort = () => reject(new Error('上传已取消'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
