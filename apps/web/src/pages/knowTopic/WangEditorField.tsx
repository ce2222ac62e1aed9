import { useEffect, useState } from 'react';
import '@wangeditor/editor/dist/css/style.css';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import type { IDomEditor, IEditorConfig, IToolbarConfig } from '@wangeditor/editor';
import { loadBankImages, toShown, toStored } from './bankImages';

/** Pictures pasted or inserted are kept in the question as data: URLs up to this size (the bank has no file store yet). */
const IMAGE_LIMIT = 2 * 1024 * 1024;

const toolbarConfig: Partial<IToolbarConfig> = {
  toolbarKeys: ['bold', 'italic', 'underline', 'sup', 'sub', '|', 'bulletedList', 'numberedList', 'insertTable', '|', 'uploadImage', 'undo', 'redo'],
};

/** wangEditor for a stem or an analysis; formulas are typed as $…$ LaTeX and previewed beside it. */
export function WangEditorField({ value, onChange, placeholder, height = 180, testId }: {
  value: string; onChange: (html: string) => void; placeholder?: string; height?: number; testId?: string;
}) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  // stored pictures are shown through object URLs fetched with the token, and saved back under their addresses
  const [ready, setReady] = useState(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { void loadBankImages(value).finally(() => setReady(true)); }, []);
  useEffect(() => () => { editor?.destroy(); }, [editor]);
  const config: Partial<IEditorConfig> = {
    placeholder,
    MENU_CONF: { uploadImage: { base64LimitSize: IMAGE_LIMIT, maxFileSize: IMAGE_LIMIT } },
  };
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }} data-testid={testId}>
      <Toolbar editor={editor} defaultConfig={toolbarConfig} mode="simple" style={{ borderBottom: '1px solid #f0f0f0' }} />
      {ready && <Editor defaultConfig={config} value={toShown(value)} onCreated={setEditor} onChange={(e) => onChange(e.isEmpty() ? '' : toStored(e.getHtml()))}
        mode="simple" style={{ height, overflowY: 'hidden' }} />}
    </div>
  );
}
