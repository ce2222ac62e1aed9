import { useCallback, useEffect, useMemo, useState } from 'react';
import { templateFromDrawing, validateDrawing, type Drawing, type DrawnShape } from '@jz/omr/drawing';
import { findTemplate, uploadBlankCard, saveTemplate, scanImageSrc, type BlankCard, type SavedTemplate } from '@/api/scan';
import { feedbackMessage, runAction } from '@/components/table';
import { clampShape, type ShapeKind } from './shapes';

/**
 * State of 模板确认 for one exam subject: the blank card (uploaded to the server, which rasterises PDFs), the shapes
 * drawn on it, the one selected, the tool in hand, the live validation, and 确认模板 (templateFromDrawing → save).
 */
export function useTemplateEditor(examSubjectId: number, courseName: string) {
  const [saved, setSaved] = useState<SavedTemplate | null>(null);
  const [blank, setBlank] = useState<BlankCard | null>(null);
  const [shapes, setShapes] = useState<DrawnShape[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tool, setTool] = useState<ShapeKind | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    findTemplate(examSubjectId)
      .then((r) => {
        if (!live) return;
        if (r.code === 200) {
          setSaved(r.data);
          if (r.data) { setBlank(r.data); setShapes(r.data.drawing?.shapes ?? []); }
          setLoadError('');
        } else setLoadError(r.msg || '加载模板失败');
      })
      .catch(() => { if (live) setLoadError('加载模板失败，请稍后重试'); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [examSubjectId]);

  const drawing: Drawing = useMemo(() => ({ name: `${courseName}（第三方答题卡）`, width: blank?.width ?? 0, height: blank?.height ?? 0, shapes }), [blank, shapes, courseName]);
  const errors = useMemo(() => validateDrawing(drawing), [drawing]);

  const upload = async (file: File) => {
    setUploading(true);
    const res = await runAction(uploadBlankCard(examSubjectId, file), { success: '空白答题卡已上传' });
    setUploading(false);
    if (res?.data) {
      setBlank(res.data);
      // shapes outside a smaller new image are pulled inside; the person checks them
      setShapes((old) => old.map((s) => clampShape(s, res.data)));
      setDirty(true);
    }
  };

  const add = useCallback((s: DrawnShape) => { setShapes((old) => [...old, s]); setSelectedId(s.id); setTool(null); setDirty(true); }, []);
  const update = useCallback((id: string, patch: Partial<DrawnShape>) => {
    setShapes((old) => old.map((s) => (s.id === id ? clampShape({ ...s, ...patch } as DrawnShape, drawing) : s)));
    setDirty(true);
  }, [drawing]);
  const remove = useCallback((id: string) => { setShapes((old) => old.filter((s) => s.id !== id)); setSelectedId(null); setDirty(true); }, []);

  const confirm = async () => {
    if (!blank) return;
    if (errors.length) { feedbackMessage().error(errors[0]); return; }
    const template = templateFromDrawing(drawing);
    setSaving(true);
    const res = await runAction(saveTemplate({ examSubjectId, imageUrl: blank.imageUrl, template, drawing }), { success: '模板已确认，扫描将按此模板识别' });
    setSaving(false);
    if (res) { setSaved(res.data); setDirty(false); }
  };

  return {
    saved, blank, imageSrc: blank ? scanImageSrc(blank.imageUrl) : '', drawing, shapes, errors, loading, loadError, uploading, saving, dirty,
    selected: shapes.find((s) => s.id === selectedId) ?? null, select: setSelectedId, tool, setTool, upload, add, update, remove, confirm,
  };
}
export type TemplateEditorState = ReturnType<typeof useTemplateEditor>;
