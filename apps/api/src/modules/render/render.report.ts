/**
 * Printable report and Excel input from the report api's own data: each chosen report is built by the report
 * service (report.service.ts, same role cut as its page) and flattened by the export code (report.export.ts,
 * the rows and columns of 导出Excel); the PDF gets those tables (wide ones split into column groups, shares
 * printed as percentages) and one ECharts option where a chart fits.
 */
import type { ReportChart, ReportModule, ReportTable } from '@jz/report-templates';
import { REPORT_ROUTES, TOTAL_CODE, TRANSCRIPT_FIELDS, type ReportKey, type ReportQuery, type TranscriptField, type TranscriptQuery } from '@jz/shared/api/report';
import { formatIndex, formatMean, formatMeasure } from '@jz/shared';
import { BizError } from '../../core/http.js';
import * as ex from '../report/report.export.js';
import * as service from '../report/report.service.js';
import { withFreshRows } from '../report/report.store.js';

/** Reports built on the total take courseCode '0' whatever the filter says (as on the 报告下载 page). */
export const TOTAL_ONLY: ReportKey[] = ['subjectComparison', 'subjectQuality', 'groupG', 'online', 'studentProgress', 'studentTop', 'studentWeak'];
/** Default reports of a printed analysis report. */
export const DEFAULT_REPORTS: ReportKey[] = ['overview', 'subjectComparison', 'classComparison', 'scoreSegment', 'groupG', 'online', 'comment'];

const ALL = { current: 1, size: 10000 };

interface Built { sheets: ex.Sheet[]; chart?: ReportChart; description?: string }

export const bar = (title: string, names: string[], values: (number | null)[], opts: { mark?: number | null; name?: string; rotate?: boolean } = {}): ReportChart => ({
  title,
  option: {
    grid: { left: 56, right: 24, top: 36, bottom: opts.rotate ? 70 : 40 },
    tooltip: {},
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: opts.rotate ? 40 : 0 } },
    yAxis: { type: 'value' },
    series: [{
      type: 'bar', name: opts.name ?? title, data: values.map((v) => (v === null ? 0 : Math.round(v * 100) / 100)), barMaxWidth: 36, itemStyle: { color: '#2F5597' },
      label: { show: names.length <= 16, position: 'top', fontSize: 11 },
      ...(opts.mark !== undefined && opts.mark !== null
        // the label sits inside the plot above the line's right end: at the line's end it ran past the chart and was cut
        ? { markLine: { symbol: 'none', data: [{ yAxis: Math.round(opts.mark * 100) / 100, name: '年级平均' }], label: { formatter: '年级平均 {c}', position: 'insideEndTop', fontSize: 11 }, lineStyle: { color: '#C00000', type: 'dashed' } } }
        : {}),
    }],
  },
  height: 320,
});

/**
 * What a joint exam changes in the printed reports: `data` adds to a report's data before it becomes sheets (the
 * organiser: each student's school); `transcript` makes the transcript's sheet (with 校内排名 and 联考排名).
 */
export interface BuildHooks {
  data: <T>(c: service.Ctx, data: T) => T;
  transcript?: (c: service.Ctx, q: TranscriptQuery) => Promise<ex.Sheet>;
}

/** One report as sheets (and a chart) for the context's filter (the transcript also with the scope's columns and search). */
async function build(key: ReportKey, c: service.Ctx, s: ReportScope, hook?: BuildHooks): Promise<Built> {
  const m = <T>(d: T): T => (hook ? hook.data(c, d) : d);
  switch (key) {
    case 'overview': {
      const o = m(service.overview(c));
      const subjects = o.rows.filter((r) => !r.isTotal);
      return {
        sheets: ex.overviewSheets(o),
        description: `参考学生 ${o.studentCount} 人，${o.classCount} 个班级，${o.subjectCount} 个科目。`,
        chart: subjects.length ? bar('各科平均分', subjects.map((r) => r.name), subjects.map((r) => r.mean), { name: '平均分' }) : undefined,
      };
    }
    case 'transcript': {
      const q: TranscriptQuery = { ...c.q, ...ALL, fields: s.fields ?? TRANSCRIPT_FIELDS.map((f) => f.value), keyword: s.keyword, totalPosition: s.totalPosition ?? 'first' };
      if (hook?.transcript) return { sheets: [await hook.transcript(c, q)] };
      return { sheets: [ex.transcriptSheet(m(await service.transcript(c, q, true)))] };
    }
    case 'horizontalDistribution': {
      const d = service.horizontalDistribution(c);
      return { sheets: ex.segmentSheets([d.table]), chart: bar(`${d.table.name}分数段人数（全年级）`, d.table.segments.map((s) => s.label), d.table.grade.map((g) => g.count), { rotate: true, name: '人数' }) };
    }
    case 'subjectComparison': {
      const s = service.subjectComparison(c);
      const k = s.columns.findIndex((x) => x.isTotal);
      const col = k >= 0 ? k : 0;
      const name = s.columns[col]?.name ?? '';
      return {
        sheets: ex.subjectComparisonSheets(s),
        chart: s.rows.length ? bar(`各班${name}平均分`, s.rows.map((r) => r.className), s.rows.map((r) => r.cells[col]?.mean ?? null), { mark: s.columns[col]?.mean ?? null, name: '平均分' }) : undefined,
      };
    }
    case 'classComparison': {
      const d = service.classComparison(c);
      return { sheets: ex.classComparisonSheets(d), chart: d.rows.length ? bar(`各班${d.column.name}平均分`, d.rows.map((r) => r.className), d.rows.map((r) => r.mean), { mark: d.grade.mean, name: '平均分' }) : undefined };
    }
    case 'registrationComparison': {
      const d = service.registrationComparison(c);
      return { sheets: ex.registrationComparisonSheets(d), chart: d.rows.length ? bar(`各学籍类型${d.column.name}平均分`, d.rows.map((r) => r.registrationType), d.rows.map((r) => r.mean), { mark: d.grade.mean, name: '平均分' }) : undefined };
    }
    case 'subjectQuality': return { sheets: ex.subjectQualitySheets(service.subjectQuality(c)) };
    case 'groupG': {
      const g = service.groupG(c);
      return { sheets: ex.groupGSheets(g), chart: bar('各组总分平均分', g.groups.map((x) => x.name), g.groups.map((x) => x.means[x.means.length - 1] ?? null), { name: '总分平均分' }) };
    }
    case 'quartile': return { sheets: ex.quartileSheets(service.quartile(c)) };
    case 'rateCritical': return { sheets: ex.rateCriticalSheets(m(service.rateCritical(c))) };
    case 'online': {
      const o = m(service.online(c));
      const l = o.lines[0];
      return { sheets: ex.onlineSheets(o), chart: l && l.classes.length ? bar(`各班${l.name}上线人数`, l.classes.map((x) => x.className), l.classes.map((x) => x.online), { name: '上线人数' }) : undefined };
    }
    case 'paper': {
      const p = service.paper(c);
      return {
        sheets: ex.paperSheets(p),
        description: `${p.column.name}：实考 ${p.n} 人，平均分 ${formatMean(p.mean) || '—'}，难度 ${formatIndex(p.difficulty) || '—'}，`
          + `信度α ${formatIndex(p.alpha) || '—'}，测量标准误 SEM ${formatMean(p.sem) || '—'}。`,
        chart: p.questions.length ? bar(`${p.column.name}各题得分率（%）`, p.questions.map((q) => q.no), p.questions.map((q) => (q.scoreRate === null ? null : q.scoreRate * 100)), { rotate: p.questions.length > 12, name: '得分率' }) : undefined,
      };
    }
    case 'comment': return { sheets: ex.commentSheets(m(await service.comment(c, ALL, true))) };
    case 'studentProgress': {
      const p = m(await service.studentProgress(c, ALL, true));
      return { sheets: ex.studentProgressSheets(p), description: p.comparison?.message ?? undefined };
    }
    case 'studentTop': return { sheets: ex.studentTopSheets(m(service.studentTop(c))) };
    case 'studentWeak': return { sheets: ex.studentWeakSheets(m(await service.studentWeak(c, ALL, true))) };
    case 'scoreSegment': {
      const d = service.scoreSegment(c);
      const t = d.tables.find((x) => x.isTotal) ?? d.tables[0];
      return { sheets: ex.segmentSheets(d.tables), chart: t ? bar(`${t.name}分数段人数（全年级）`, t.segments.map((s) => s.label), t.grade.map((g) => g.count), { rotate: true, name: '人数' }) : undefined };
    }
    case 'rankSegment': return { sheets: ex.rankSegmentSheets(service.rankSegment(c).tables) };
  }
}

/**
 * The filter of the printed / exported reports: the report api's query (班级类型 '' = all, 学籍类型 '0' = all) and,
 * for the transcript, its columns (default all three) and name / 考号 search.
 */
export interface ReportScope extends Omit<ReportQuery, 'scoreType'> {
  /** 成绩类型 (default 1 原始分). */
  scoreType?: number;
  fields?: TranscriptField[];
  keyword?: string;
  totalPosition?: 'first' | 'last';
  /** No course was asked for: 试卷分析 prints every subject the reader may see (not just the scope's course). */
  allSubjects?: boolean;
}

/** The query of one report: total-only reports take '0'; others the asked course (or the caller's first column). */
function queryOf(key: ReportKey, s: ReportScope): ReportQuery {
  return {
    examId: s.examId, courseCode: TOTAL_ONLY.includes(key) ? '0' : s.courseCode, classId: s.classId,
    classType: s.classType, registrationType: s.registrationType, scoreType: s.scoreType ?? 1,
  };
}

/**
 * The (report, course) pairs to build: 试卷分析 on the total means every subject the reader may see (in the scope's
 * class, if one), one section each; other reports once with the scope's course.
 */
async function expand(keys: ReportKey[], s: ReportScope, ctxOf: (q: ReportQuery) => Promise<service.Ctx>): Promise<{ key: ReportKey; course?: { code: string; name: string } }[]> {
  const out: { key: ReportKey; course?: { code: string; name: string } }[] = [];
  for (const key of keys) {
    if (key !== 'paper' || (!s.allSubjects && s.courseCode && s.courseCode !== '0' && s.courseCode !== TOTAL_CODE)) { out.push({ key }); continue; }
    let c: service.Ctx;
    try { c = await ctxOf(queryOf(key, s)); } catch (e) {
      if (!(e instanceof BizError)) throw e;
      out.push({ key });
      continue;
    }
    const names = new Map(service.engineColumns(c.reports).map((col) => [col.code, col.name]));
    const codes = c.access.courses.filter((code) => !s.classId || service.allowed(c.access, s.classId, code));
    if (!codes.length) out.push({ key });
    for (const code of codes) out.push({ key, course: { code, name: names.get(code) ?? code } });
  }
  return out;
}

/** Builds each report the caller may see; refusals of some reports are skipped, of all reports re-thrown. */
async function eachReport<T>(keys: ReportKey[], s: ReportScope, ctxOf: (q: ReportQuery) => Promise<service.Ctx>,
  f: (key: ReportKey, b: Built, course?: { code: string; name: string }) => T, hook?: BuildHooks): Promise<T[]> {
  const out: T[] = [];
  let firstError: unknown;
  for (const { key, course } of await expand(keys, s, ctxOf)) {
    try {
      const scope = course ? { ...s, courseCode: course.code } : s;
      // a release replacing the set while the rows are read: the context is made again (withFreshRows)
      out.push(f(key, await withFreshRows(() => ctxOf(queryOf(key, scope)), (c) => build(key, c, scope, hook)), course));
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      firstError ??= e;
    }
  }
  if (!out.length) throw firstError ?? new BizError('没有可生成的报告');
  return out;
}

// ---------------------------------------------------------------- sheets → printable tables

const MAX_COLS = 11;
/** Wide tables print in smaller type (11 px), which fits this many columns on the 808 px content width. */
const MAX_COLS_COMPACT = 16;

/** A printed cell: numbers as text by their column's kind (the same rule as the page and the Excel cell). */
function cellText(v: ex.Cell, header: string): string | number | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number') return formatMeasure(ex.measureKindOf(header), v) || null;
  return v;
}

/**
 * A sheet as one or more printable tables. Wide sheets print in smaller type; if still too wide they split into
 * column groups, each repeating the leading label columns (考号/姓名/班级) and the 总分 columns, so a student's
 * name and total are always side by side.
 */
export function sheetTables(sheet: ex.Sheet): ReportTable[] {
  const raw = [...sheet.rows];
  const rows = raw.map((r) => sheet.header.map((h, i) => cellText(r[i], h)));
  let keep = 0;
  // 考号, 姓名, (学校 of a joint exam's organiser,) 班级: the identifying columns repeat in every column group
  const labels = sheet.header.includes('学校') ? 4 : 3;
  while (keep < Math.min(labels, sheet.header.length - 1) && raw.every((r) => typeof r[keep] !== 'number')) keep++;
  keep = Math.max(1, keep);
  const compact = sheet.header.length > MAX_COLS;
  const max = compact ? MAX_COLS_COMPACT : MAX_COLS;
  const restIdx = sheet.header.map((_, i) => i).filter((i) => i >= keep);
  const pinnedIdx = sheet.header.length > max ? restIdx.filter((i) => sheet.header[i]!.startsWith('总分')) : [];
  const others = restIdx.filter((i) => !pinnedIdx.includes(i));
  const lead = [...Array(keep).keys(), ...pinnedIdx];
  const groups = Math.max(1, Math.ceil(others.length / Math.max(1, max - lead.length)));
  const per = Math.ceil(others.length / groups);
  const tables: ReportTable[] = [];
  for (let g = 0; g < groups; g++) {
    const idx = [...lead, ...others.slice(g * per, (g + 1) * per)];
    tables.push({
      title: groups > 1 ? `${sheet.name}（${g + 1}/${groups}）` : sheet.name,
      columns: idx.map((i) => ({ title: sheet.header[i]!, width: i < keep ? 1.3 : 1 })),
      rows: rows.map((r) => idx.map((i) => r[i] ?? null)),
      ...(compact ? { compact } : {}),
    });
  }
  return tables;
}

/** The modules of a printed report for one scope (grade or class); `suffix` names the class in module titles. */
export async function reportModules(keys: ReportKey[], s: ReportScope, ctxOf: (q: ReportQuery) => Promise<service.Ctx>, suffix = '', hook?: BuildHooks): Promise<ReportModule[]> {
  return eachReport(keys, s, ctxOf, (key, b, course) => ({
    title: `${REPORT_ROUTES[key].title}${course ? `（${course.name}）` : ''}${suffix}`,
    description: b.description,
    charts: b.chart ? [b.chart] : [],
    tables: b.sheets.flatMap(sheetTables).filter((t) => t.rows.length),
  }), hook);
}

export interface ExcelSheet { name: string; columns: { header: string; width?: number }[]; rows: (string | number | null)[][] }

/**
 * The chosen reports as xlsx sheets (names unique within `used`, at most 31 characters); `prefix` (a class
 * name) leads each sheet's name when one workbook holds several classes.
 */
export async function excelSheets(keys: ReportKey[], s: ReportScope, ctxOf: (q: ReportQuery) => Promise<service.Ctx>,
  opts: { prefix?: string; used?: Set<string>; hook?: BuildHooks } = {}): Promise<ExcelSheet[]> {
  const lists = await eachReport(keys, s, ctxOf, (key, b) => b.sheets.map((sh) => ({ key, sh })), opts.hook);
  const used = opts.used ?? new Set<string>();
  const multi = keys.length > 1;
  return lists.flat().map(({ key, sh }) => {
    const named = multi && !sh.name.startsWith(REPORT_ROUTES[key].title) ? `${REPORT_ROUTES[key].title}-${sh.name}` : sh.name;
    const base = `${opts.prefix ? `${opts.prefix}-` : ''}${named}`.replace(/[\\/?*[\]:]/g, '_').slice(0, 31);
    let name = base;
    for (let k = 2; used.has(name); k++) name = `${base.slice(0, 27)}(${k})`;
    used.add(name);
    return {
      name,
      columns: sh.header.map((h) => ({ header: h })),
      // Numbers rounded by their column's kind, as in the report api's own exports (report.export.ts).
      rows: [...ex.roundedRows(sh)].map((r) => sh.header.map((_, i) => { const v = r[i]; return v === undefined || v === '' ? null : typeof v === 'number' && !Number.isFinite(v) ? null : v; })),
    };
  });
}
