import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { templateFromDrawing, validateDrawing, type Drawing, type DrawnShape } from '@jz/omr/drawing';
import { findTemplate, importTemplateFile, uploadBlankCard, saveTemplate, scanImageSrc, snapShape, type BlankCard, type SavedTemplate } from '@/api/scan';
import { feedbackMessage, runAction } from '@/components/table';
import { clampShape, type ShapeKind } from './shapes';

/** Kinds the server puts onto what the blank prints (a subjective area stays as drawn). */
const SNAPPED: ShapeKind[] = ['anchor', 'admission', 'absent', 'objective'];
/** A change of these moves the shape off what it was snapped to. */
const GEOMETRY = ['x', 'y', 'w', 'h', 'rows', 'cols'];

/** The drawn shapes of a saved template (an imported file leaves none: its template is shown as it is). */
const drawnShapes = (t: SavedTemplate | null): DrawnShape[] => (t?.drawing && 'shapes' in t.drawing ? t.drawing.shapes : []);

/**
 * State of 模板确认 for one exam subject: the blank card (uploaded to the server, which rasterises PDFs), the shapes
 * drawn on it — each one snapped by the server onto the mark or the bubbles printed there when it is drawn, moved
 * or resized —, the one selected, the tool in hand, the live validation, 确认模板 (templateFromDrawing → save), and
 * the import of another tool's template file.
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
  const [importing, setImporting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [snapping, setSnapping] = useState(0);
  // the latest request per shape wins: an older answer must not undo a newer move
  const snapSeq = useRef(new Map<string, number>());

  useEffect(() => {
    let live = true;
    setLoading(true);
    findTemplate(examSubjectId)
      .then((r) => {
        if (!live) return;
        if (r.code === 200) {
          setSaved(r.data);
          if (r.data) { setBlank(r.data); setShapes(drawnShapes(r.data)); }
          setLoadError('');
        } else setLoadError(r.msg || '加载模板失败');
      })
      .catch(() => { if (live) setLoadError('加载模板失败，请稍后重试'); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [examSubjectId]);

  const drawing: Drawing = useMemo(() => ({ name: `${courseName}（第三方答题卡）`, width: blank?.width ?? 0, height: blank?.height ?? 0, shapes }), [blank, shapes, courseName]);
  const errors = useMemo(() => validateDrawing(drawing), [drawing]);
  /** The saved template came from a file (no drawing to edit): its anchors and bubbles are shown as they are. */
  const imported = saved?.drawing && 'imported' in saved.drawing && !dirty ? { template: saved.template, ...saved.drawing } : null;

  const snap = useCallback(async (s: DrawnShape) => {
    if (!blank || !SNAPPED.includes(s.kind)) return;
    const seq = (snapSeq.current.get(s.id) ?? 0) + 1;
    snapSeq.current.set(s.id, seq);
    setSnapping((n) => n + 1);
    try {
      const res = await snapShape({ examSubjectId, imageUrl: blank.imageUrl, shape: s });
      if (snapSeq.current.get(s.id) !== seq) return;
      if (res.code === 200) setShapes((old) => old.map((o) => (o.id === s.id ? { ...res.data, id: s.id } : o)));
      else feedbackMessage().warning(res.msg);
    } catch {
      feedbackMessage().warning('对准失败，请稍后重试');
    } finally {
      setSnapping((n) => n - 1);
    }
  }, [blank, examSubjectId]);

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

  const importFile = async (file: File) => {
    if (!blank) { feedbackMessage().error('请先上传空白答题卡'); return; }
    setImporting(true);
    const res = await runAction(importTemplateFile(examSubjectId, blank.imageUrl, file), { success: '模板已导入，扫描将按此模板识别' });
    setImporting(false);
    if (res?.data) {
      setSaved(res.data);
      setShapes([]);
      setSelectedId(null);
      setDirty(false);
      for (const w of res.data.warnings) feedbackMessage().warning(w);
    }
  };

  const add = useCallback((s: DrawnShape) => {
    setShapes((old) => [...old, s]); setSelectedId(s.id); setTool(null); setDirty(true);
    void snap(s);
  }, [snap]);
  /** `snapAfter`: a move on the canvas or a new row/column count is put onto the print again; typed numbers stay. */
  const update = useCallback((id: string, patch: Partial<DrawnShape>, snapAfter = false) => {
    const cur = shapes.find((s) => s.id === id);
    if (!cur) return;
    const moved = Object.keys(patch).some((k) => GEOMETRY.includes(k));
    const next = clampShape({ ...cur, ...patch } as DrawnShape, drawing);
    // moved or resized by hand: the measured bubble no longer belongs to it until it is snapped again
    if (moved && 'bubble' in next) delete (next as { bubble?: unknown }).bubble;
    setShapes((old) => old.map((s) => (s.id === id ? next : s)));
    setDirty(true);
    if (moved && snapAfter) void snap(next);
  }, [shapes, drawing, snap]);
  const remove = useCallback((id: string) => { setShapes((old) => old.filter((s) => s.id !== id)); setSelectedId(null); setDirty(true); }, []);

  const confirm = async () => {
    if (!blank) return;
    if (errors.length) { feedbackMessage().error(errors[0]); return; }
    let template;
    try {
      template = templateFromDrawing(drawing);
    } catch (e) {
      feedbackMessage().error((e as Error).message);
      return;
    }
    setSaving(true);
    const res = await runAction(saveTemplate({ examSubjectId, imageUrl: blank.imageUrl, template, drawing }), { success: '模板已确认，扫描将按此模板识别' });
    setSaving(false);
    if (res) { setSaved(res.data); setDirty(false); }
  };

  return {
    saved, blank, imageSrc: blank ? scanImageSrc(blank.imageUrl) : '', drawing, shapes, errors, loading, loadError, uploading, importing, saving, dirty,
    snapping: snapping > 0, imported,
    selected: shapes.find((s) => s.id === selectedId) ?? null, select: setSelectedId, tool, setTool, upload, importFile, add, update, remove, confirm,
  };
}
export type TemplateEditorState = ReturnType<typeof useTemplateEditor>;
