import { Alert, Button, Card, Checkbox, Progress, Space, Typography, Upload } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import type { ScanUploadResult } from '@/api/scan';
import { BATCH_ACCEPT } from './scanConstants';
import { useBatchUpload } from './useBatchUpload';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** 上传扫描批次: many images, PDFs or a zip, the 双面 option, and the upload progress bar. */
export function BatchUploadCard({ examSubjectId, onUploaded, disabled }: { examSubjectId: number; onUploaded: (r: ScanUploadResult | null) => void; disabled?: string }) {
  const up = useBatchUpload(examSubjectId, onUploaded);
  return (
    <Card size="small" title="上传扫描批次">
      {disabled && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={disabled} />}
      <Upload.Dragger multiple accept={BATCH_ACCEPT} showUploadList={false} disabled={!!disabled || up.uploading}
        beforeUpload={(_f, list) => { up.add(list as unknown as File[]); return Upload.LIST_IGNORE; }}>
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">点击或拖拽扫描文件到此处</p>
        <p className="ant-upload-hint">支持 JPG、PNG、TIFF（可多页）、WebP、扫描仪 PDF 或 zip 压缩包，可一次选择多个文件</p>
      </Upload.Dragger>
      {up.files.length > 0 && (
        <div style={{ marginTop: 8, maxHeight: 160, overflow: 'auto' }} data-testid="batch-files">
          {up.files.map((f) => (
            <div key={`${f.name}:${f.size}`} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: 13 }}>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{f.name}</span>
              <span style={{ color: '#999', flexShrink: 0 }}>{mb(f.size)}
                <Button type="text" size="small" aria-label={`移除 ${f.name}`} icon={<DeleteOutlined />} disabled={up.uploading} onClick={() => up.remove(f)} /></span>
            </div>
          ))}
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8, marginTop: 12 }}>
        <Space wrap>
          <Checkbox checked={up.duplex} disabled={up.uploading} onChange={(e) => up.setDuplex(e.target.checked)}>双面扫描</Checkbox>
          <Typography.Text type="secondary">{up.files.length ? `已选 ${up.files.length} 个文件，共 ${mb(up.totalBytes)}` : '未选择文件'}</Typography.Text>
        </Space>
        <Space>
          {up.uploading ? <Button onClick={up.cancel}>取消上传</Button> : <Button disabled={!up.files.length} onClick={up.clear}>清空</Button>}
          <Button type="primary" icon={<CloudUploadOutlined />} loading={up.uploading} disabled={!!disabled || !up.files.length} onClick={() => void up.start()}>开始上传</Button>
        </Space>
      </div>
      {up.percent !== null && <Progress percent={up.percent} status={up.uploading ? 'active' : 'success'} aria-label="上传进度" style={{ marginTop: 8 }} />}
      {up.rejected.length > 0 && (
        <Alert type="warning" showIcon style={{ marginTop: 8 }} message={`${up.rejected.length} 个文件无法读取，已记为异常（文件无法读取）`}
          description={<ul style={{ margin: 0, paddingLeft: 18 }}>{up.rejected.map((r) => <li key={r.name}>{r.name}：{r.reason}</li>)}</ul>} />
      )}
      {up.error && <Alert type="error" showIcon style={{ marginTop: 8 }} message={up.error} />}
    </Card>
  );
}
