import { useEffect, useState } from 'react';
import { message } from 'antd';
import { deleteAnswerImage, saveAnswerText, uploadAnswerImage } from '@/api/markingLive';

export type Answer = { text: string; images: string[] };

/** Largest image the api takes (standard_answer/upload_image). */
export const ANSWER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** 标答 of a block as shown in the drawer, and the leader's edits of it (text, image upload and delete). */
export function useStandardAnswer(blockId: number, initial: Answer | undefined) {
  const [answer, setAnswer] = useState<Answer>(initial ?? { text: '', images: [] });
  const [draft, setDraft] = useState(initial?.text ?? '');
  const [busy, setBusy] = useState(false);
  // the block info is fetched again after marks: only a different answer replaces what is shown (and typed)
  const key = initial ? JSON.stringify(initial) : '';
  useEffect(() => {
    if (!key) return;
    const next = JSON.parse(key) as Answer;
    setAnswer(next);
    setDraft(next.text);
  }, [key]);

  const saveText = async () => {
    setBusy(true);
    const r = await saveAnswerText(blockId, draft).finally(() => setBusy(false));
    if (r.code === 200) { setAnswer((a) => ({ ...a, text: draft })); message.success('标准答案已保存'); } else message.error(r.msg);
  };
  /** Checked here first (type, size) so the common mistakes answer at once; the api checks again. */
  const upload = async (file: File) => {
    if (!['image/png', 'image/jpeg'].includes(file.type)) { message.error('只能上传 PNG 或 JPEG 图片'); return; }
    if (file.size > ANSWER_IMAGE_MAX_BYTES) { message.error('图片过大：标准答案图片不能超过 2 MB'); return; }
    setBusy(true);
    const r = await uploadAnswerImage(blockId, file).finally(() => setBusy(false));
    if (r.code === 200) { setAnswer((a) => ({ ...a, images: r.data.images })); message.success('图片已上传'); } else message.error(r.msg);
  };
  const remove = async (url: string) => {
    const name = new URLSearchParams(url.split('?')[1] ?? '').get('name') ?? '';
    const r = await deleteAnswerImage(blockId, name);
    if (r.code === 200) setAnswer((a) => ({ ...a, images: r.data.images })); else message.error(r.msg);
  };
  return { answer, draft, setDraft, busy, saveText, upload, remove };
}
