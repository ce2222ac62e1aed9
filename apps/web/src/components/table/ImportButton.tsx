import { useState } from 'react';
import { Button, Upload } from 'antd';
import type { ButtonProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ApiResult } from '@/utils/request';
import { feedbackMessage, showImportErrors, type RowError } from './feedback';

export interface ImportButtonProps {
  /** Uploads the file (multipart field 'file'). */
  upload: (file: File) => Promise<ApiResult<any>>;
  onDone?: () => void;
  children?: React.ReactNode;
  buttonProps?: ButtonProps;
}

function countText(data: any): string {
  if (!data || typeof data !== 'object') return '';
  const parts: string[] = [];
  const n = (k: string) => (typeof data[k] === 'number' ? data[k] : undefined);
  if (n('total') !== undefined) parts.push(`共 ${n('total')} 条`);
  if (n('inserted') !== undefined) parts.push(`新增 ${n('inserted')} 条`);
  if (n('created') !== undefined) parts.push(`新增 ${n('created')} 条`);
  if (n('updated') !== undefined) parts.push(`更新 ${n('updated')} 条`);
  if (n('unchanged') !== undefined) parts.push(`未变化 ${n('unchanged')} 条`);
  if (n('count') !== undefined) parts.push(`导入 ${n('count')} 条`);
  return parts.join('，');
}

/** 导入 button: .xlsx upload; code 400 with data.errors → a table of every bad row; success → counts. */
export function ImportButton({ upload, onDone, children = '导入', buttonProps }: ImportButtonProps) {
  const [loading, setLoading] = useState(false);
  return (
    <Upload
      accept=".xlsx,.xls"
      showUploadList={false}
      beforeUpload={(file) => {
        setLoading(true);
        upload(file)
          .then((res) => {
            if (res.code === 200) {
              const counts = countText(res.data);
              feedbackMessage().success(`${res.msg && res.msg !== '操作成功' ? res.msg : '导入成功'}${counts ? `：${counts}` : ''}`);
              onDone?.();
            } else {
              const errors: RowError[] | undefined = res.data?.errors;
              if (Array.isArray(errors) && errors.length) showImportErrors(errors, '导入失败', res.msg);
              else if (res.code !== 401) feedbackMessage().error(res.msg || '导入失败');
            }
          })
          .catch(() => feedbackMessage().error('导入失败，请稍后重试'))
          .finally(() => setLoading(false));
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={loading} {...buttonProps}>{children}</Button>
    </Upload>
  );
}

export default ImportButton;
