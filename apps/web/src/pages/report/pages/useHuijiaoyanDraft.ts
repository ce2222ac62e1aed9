import { useEffect, useRef, useState } from 'react';
import { OFFLINE_MODEL, type HuijiaoyanDraft } from '@jz/shared/api/assistant';
import { splitSections } from '@jz/shared/assistant';
import { findAssistantInfo, findHuijiaoyanDraft, streamHuijiaoyanDraft } from '@/api/assistant';

type Section = { title: string; text: string };

/**
 * The AI 慧教研 page's state: the models offered (the first one when a provider is configured, else the templates),
 * the draft being written (sections filled in as the model streams them), then the editable title and sections.
 */
export function useHuijiaoyanDraft(examId: number, courseCode: string, classId: number) {
  const [models, setModels] = useState<{ value: string; label: string }[]>([]);
  const [model, setModel] = useState<string>();
  const [draft, setDraft] = useState<HuijiaoyanDraft>();
  const [error, setError] = useState('');
  const [title, setTitle] = useState('');
  const [sections, setSections] = useState<Section[]>([]);
  const [streaming, setStreaming] = useState<{ tools: string[]; sections: Section[] } | null>(null);
  const abort = useRef<AbortController>(undefined);

  useEffect(() => {
    void findAssistantInfo().then((r) => {
      const list = r.code === 200 ? r.data.models : [];
      setModels(list);
      setModel(r.code === 200 && !r.data.offline ? list[0]?.value ?? OFFLINE_MODEL : OFFLINE_MODEL);
    });
  }, []);

  const show = (d: HuijiaoyanDraft) => { setDraft(d); setTitle(d.title); setSections(d.sections); };

  const load = async () => {
    if (!model) return;
    abort.current?.abort();
    setDraft(undefined);
    setError('');
    if (model === OFFLINE_MODEL) {
      const r = await findHuijiaoyanDraft({ examId, courseCode, classId });
      if (r.code !== 200) return void setError(r.msg);
      return show(r.data);
    }
    const ctl = new AbortController();
    abort.current = ctl;
    let text = '';
    const tools: string[] = [];
    setStreaming({ tools, sections: [] });
    await streamHuijiaoyanDraft({ examId, courseCode, classId, model }, (e) => {
      if (e.type === 'tool') { tools.push(e.title); setStreaming({ tools: [...tools], sections: splitSections(text) }); }
      if (e.type === 'delta') { text += e.text; setStreaming({ tools: [...tools], sections: splitSections(text) }); }
      if (e.type === 'done') show(e.draft);
      if (e.type === 'error') setError(e.msg);
    }, ctl.signal);
    if (abort.current === ctl) setStreaming(null);
  };
  useEffect(() => { void load(); return () => abort.current?.abort(); }, [examId, courseCode, classId, model]); // eslint-disable-line react-hooks/exhaustive-deps

  const editSection = (i: number, text: string) => setSections((list) => list.map((x, k) => (k === i ? { ...x, text } : x)));
  return { models, model, setModel, draft, error, title, setTitle, sections, editSection, streaming, reload: load };
}
