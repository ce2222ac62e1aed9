import { App, message as staticMessage, Modal, Table } from 'antd';
import type { ApiResult } from '@/utils/request';
import { saveBlob } from '@/utils/request';

type Msg = Pick<typeof staticMessage, 'success' | 'error' | 'warning'>;
let msgApi: Msg = staticMessage;
/** Lets pages use the App-context message (theme aware) when the shell wraps the app in antd <App>. */
export function useFeedback() {
  const app = App.useApp();
  if (typeof (app?.message as Partial<Msg> | undefined)?.success === 'function') msgApi = app.message;
  return msgApi;
}

/** The message API in use (App context when available, else static). */
export const feedbackMessage = (): Msg => msgApi;

export interface RunOptions {
  /** Shown when msg is empty. */
  success?: string;
  /** The admin client already shows msg of code ≥ 400: do not show it twice. */
  admin?: boolean;
  silentSuccess?: boolean;
}

/** Runs a command: success/failure message from the answer's msg; resolves to the answer when code 200, else null. */
export async function runAction<T = any>(p: Promise<ApiResult<T>>, opts: RunOptions = {}): Promise<ApiResult<T> | null> {
  try {
    const res = await p;
    if (res.code === 200) {
      if (!opts.silentSuccess) msgApi.success(res.msg && res.msg !== 'success' ? res.msg : (opts.success ?? '操作成功'));
      return res;
    }
    if (res.code !== 401 && !(opts.admin && res.code >= 400)) msgApi.error(res.msg || '操作失败');
    return null;
  } catch {
    msgApi.error('操作失败，请稍后重试');
    return null;
  }
}

/** Loads data: the data on code 200, else shows msg and gives the fallback. */
export async function loadData<T>(p: Promise<ApiResult<T>>, fallback: T, opts: { admin?: boolean } = {}): Promise<T> {
  try {
    const res = await p;
    if (res.code === 200) return (res.data ?? fallback) as T;
    if (res.code !== 401 && !(opts.admin && res.code >= 400)) msgApi.error(res.msg || '加载失败');
    return fallback;
  } catch {
    return fallback;
  }
}

/** Saves a blob download, or shows the refusal's msg. */
export async function runDownload(p: Promise<ApiResult | { blob: Blob; filename: string }>, fallbackName: string, opts: { admin?: boolean } = {}) {
  try {
    const res = await p;
    if ('blob' in res) { saveBlob(res.blob, res.filename || fallbackName); return true; }
    if (res.code !== 401 && !(opts.admin && res.code >= 400)) msgApi.error(res.msg || '下载失败');
    return false;
  } catch {
    msgApi.error('下载失败，请稍后重试');
    return false;
  }
}

export interface RowError { row: number; column?: string; reason: string }

/** Every bad row of a refused import in a table (title 导入失败). */
export function showImportErrors(errors: RowError[], title = '导入失败', msg?: string) {
  Modal.error({
    title,
    width: 720,
    maskClosable: false,
    okText: '知道了',
    content: (
      <div>
        <p>{msg || `共 ${errors.length} 处错误，请修改 Excel 后重新导入（未写入任何数据）。`}</p>
        <Table<RowError & { key: number }>
          size="small"
          rowKey="key"
          dataSource={errors.map((e, i) => ({ ...e, key: i }))}
          pagination={errors.length > 10 ? { pageSize: 10, showTotal: (t) => `共 ${t} 条`, showSizeChanger: false } : false}
          columns={[
            { title: '行号', dataIndex: 'row', width: 80 },
            { title: '列', dataIndex: 'column', width: 140, render: (v) => v || '-' },
            { title: '错误原因', dataIndex: 'reason' },
          ]}
        />
      </div>
    ),
  });
}
