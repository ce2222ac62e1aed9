import { Alert, Button, Modal, Space, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { QUESTION_TYPE_NAMES } from '@jz/shared/api/exam';
import { RichText } from './RichText';
import { useDocxImport } from './useDocxImport';

/** 导入试卷 (.docx): choose the file, check the split questions with their formulas and images, then confirm. */
export function DocxImportDialog({ courseCode, open, onClose, onDone }: { courseCode: string; open: boolean; onClose: () => void; onDone: (created: number) => void }) {
  const s = useDocxImport(courseCode, (n) => { onDone(n); onClose(); });
  const close = () => { s.reset(); onClose(); };
  return (
    <Modal title="导入试卷（.docx）" open={open} onCancel={close} width={880} destroyOnHidden
      footer={<Space>
        <Button onClick={close}>取消</Button>
        <Button type="primary" disabled={!s.preview} loading={s.busy} onClick={() => void s.confirm()}>
          {s.preview ? `确认导入（${s.preview.questions.length} 题）` : '确认导入'}
        </Button>
      </Space>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message="每题另起一段，以“1.”“2.”开头；“一、选择题”等大题标题决定题型；选项以 A. B. C. D. 开头；Word 公式转为 LaTeX，图片随题导入。预览无误后再确认，确认前不会写入。" />
        <Upload accept=".docx" showUploadList={false} beforeUpload={(f) => { void s.choose(f); return false; }}>
          <Button icon={<UploadOutlined />} loading={s.busy && !s.preview}>{s.file ? `重新选择（${s.file.name}）` : '选择 .docx 文件'}</Button>
        </Upload>
        {s.problems.length > 0 && (
          <Alert type="error" showIcon message="试卷无法导入，未写入任何试题" data-testid="docx-problems"
            description={s.problems.map((p) => <div key={p}>{p}</div>)} />
        )}
        <div style={{ maxHeight: 480, overflow: 'auto' }} data-testid="docx-preview">
          {s.preview?.questions.map((q) => (
            <div key={q.no} style={{ borderBottom: '1px solid #eee', padding: '8px 0' }}>
              <Space><b>第 {q.no} 题</b><Tag color="blue">{QUESTION_TYPE_NAMES[q.type]}</Tag>{q.section && <span style={{ color: '#888' }}>{q.section}</span>}</Space>
              <RichText html={q.stem} />
              {q.options.map((o) => <div key={o.label} style={{ display: 'flex', gap: 4 }}><span>{o.label}.</span><RichText html={o.content} /></div>)}
              {q.answer && <div><b>答案：</b>{q.answer}</div>}
              {q.analysis && <div><b>解析：</b><RichText html={q.analysis} /></div>}
            </div>
          ))}
        </div>
      </Space>
    </Modal>
  );
}
