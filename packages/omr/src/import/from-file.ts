// A template file of another OMR tool, as a school uploads it in the editor, placed on the subject's blank scan:
// OMRChecker's template.json or FormScanner's .xtmpl, told apart by their first character. What the file does
// not say is taken from the blank: FormScanner's page size (its corner points sit as far from the page's edges
// on both sides) and the shape of its corner marks (the first shape whose marks are all found there).
import { fitToBlank } from '../blank-fit.js';
import type { Raster, SheetTemplate } from '../types.js';
import { fromFormScanner } from './formscanner.js';
import { ImportError, type ImportedTemplate } from './imported.js';
import { fromOmrChecker } from './omrchecker.js';
import { placeOnScan } from './place.js';

export type TemplateSource = 'OMRChecker' | 'FormScanner';

export interface PlacedImport extends ImportedTemplate {
  source: TemplateSource;
}

export function importTemplateFile(text: string, blank: Raster, name: string): PlacedImport {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  let placed: ImportedTemplate;
  let source: TemplateSource;
  if (body.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ImportError('模板文件不是有效的 JSON：请上传 OMRChecker 的 template.json');
    }
    source = 'OMRChecker';
    const imp = fromOmrChecker(json, { name });
    placed = { ...imp, template: placeOnScan(imp.template, blank) };
  } else if (body.startsWith('<')) {
    source = 'FormScanner';
    placed = placeFormScanner(body, blank, name);
  } else {
    throw new ImportError('无法识别的模板文件：支持 OMRChecker 的 template.json 和 FormScanner 的 .xtmpl');
  }
  const fit = fitToBlank(blank, placed.template, { placed: true });
  if (fit.problems.length) throw new ImportError(fit.problems.join('；'));
  return { ...numberedQuestions({ ...placed, template: fit.template }), source };
}

function placeFormScanner(xml: string, blank: Raster, name: string): ImportedTemplate {
  const probe = fromFormScanner(xml, { name, width: 1, height: 1 });
  const xs = probe.template.anchors.map((a) => a.x + a.w / 2);
  const ys = probe.template.anchors.map((a) => a.y + a.h / 2);
  const width = Math.round(Math.min(...xs) + Math.max(...xs));
  const height = Math.round(Math.min(...ys) + Math.max(...ys));
  let last: unknown;
  for (const anchorShape of ['ring', 'bracket'] as const) {
    const imp = fromFormScanner(xml, { name, width, height, anchorShape });
    try {
      return { ...imp, template: placeOnScan(imp.template, blank) };
    } catch (e) {
      if (!(e instanceof ImportError)) throw e;
      last = e;
    }
  }
  throw last;
}

/**
 * Question ids as the exam numbers its questions: OMRChecker's q7 or FormScanner's Question07 become 7, so the
 * scanned letters land on the exam's question 7. Ids that are not a name and a number stay as they are.
 */
function numberedQuestions(imp: ImportedTemplate): ImportedTemplate {
  const t: SheetTemplate = imp.template;
  const number = (id: string) => /^[A-Za-z_]*0*(\d+)$/.exec(id)?.[1];
  const renamed = new Map(t.questions.map((q) => [q.id, number(q.id) ?? q.id]));
  const ids = [...renamed.values()];
  const taken = new Set((t.admission?.digits ?? []).map((g) => g.id));
  if (new Set(ids).size !== ids.length || ids.some((id) => taken.has(id))) return imp;
  const to = (id: string) => renamed.get(id) ?? id;
  return {
    ...imp,
    template: { ...t, questions: t.questions.map((q) => ({ ...q, id: to(q.id) })).sort((a, b) => Number(a.id) - Number(b.id) || (a.id < b.id ? -1 : 1)) },
    columns: Object.fromEntries(Object.entries(imp.columns).map(([col, gs]) => [col, gs.map(to)])),
    emptyValue: Object.fromEntries(Object.entries(imp.emptyValue).map(([id, v]) => [to(id), v])),
  };
}
