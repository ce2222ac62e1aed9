import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { findReport, findReportFilter, type ReportData, type ReportFilter, type ReportKey, type ReportParams } from '@/api/report';
import { reportFilterStore, useReportFilter, type ReportFilterState } from '@/stores/reportFilter';
import { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS } from '@/api/joint-report';
import { http } from '@/utils/request';
import { useJointScope } from './scope';

/** The exam of the report pages (query ?examId=…). */
export function useExamId(): string {
  const [sp] = useSearchParams();
  return sp.get('examId') ?? '';
}

// ---- filter data (examReportComm/filter), one request per exam, shared by every page

interface FilterEntry { promise: Promise<FilterAnswer>; value?: FilterAnswer }
type FilterAnswer = { data: ReportFilter | null; error: string | null; code: number };
const filterCache = new Map<string, FilterEntry>();

function loadFilter(examId: string, joint = false): FilterEntry {
  const key = `${joint ? 'joint' : 'school'}:${examId}`;
  let e = filterCache.get(key);
  if (e) return e;
  const entry: FilterEntry = {
    promise: (joint ? http.get<ReportFilter>(`/${JOINT_OTHER_PATHS.filter}`, { examId }) : findReportFilter({ examId }))
      .then((res): FilterAnswer => (res.code === 200 ? { data: res.data, error: null, code: 200 } : { data: null, error: res.msg || '加载失败', code: res.code }))
      .catch((): FilterAnswer => ({ data: null, error: '筛选条件加载失败，请稍后重试', code: 0 }))
      .then((v) => {
        entry.value = v;
        if (v.code !== 200) setTimeout(() => filterCache.delete(key), 0);
        return v;
      }),
  };
  e = entry;
  filterCache.set(key, e);
  return e;
}

/** Keeps the stored filter inside what the caller may ask; falls back to the server's defaults (docs/PRODUCT.md §9). */
export function sanitizeFilter(state: ReportFilterState, f: ReportFilter): Partial<ReportFilterState> | null {
  const patch: Partial<ReportFilterState> = {};
  const course = String(state.courseCode);
  if (!f.courses.some((c) => c.value === course)) patch.courseCode = f.defaults.courseCode;
  const cls = Number(state.selectClassId);
  if (!f.classes.some((c) => c.value === cls)) { patch.selectClassId = f.defaults.classId; patch.classCode = f.defaults.classId; }
  const ct = String(state.classType);
  if (ct !== '0' && ct !== '' && !f.classTypes.some((c) => c.value === ct)) patch.classType = f.defaults.classType || 0;
  const rt = String(state.registrationType);
  if (!f.registrationTypes.some((c) => c.value === rt)) patch.registrationType = f.defaults.registrationType;
  if (!f.scoreTypes.some((c) => c.value === Number(state.scoreType))) patch.scoreType = f.defaults.scoreType;
  // 学校 (a joint exam's organiser): one of the options, and the class one of that school's
  const school = f.schools ? (f.schools.some((s) => s.value === state.schoolId) ? state.schoolId as number : f.defaults.schoolId ?? 0) : '';
  if (school !== state.schoolId) patch.schoolId = school;
  const chosen = f.classes.find((c) => c.value === Number(patch.selectClassId ?? state.selectClassId));
  if (school && chosen && chosen.value && chosen.schoolId !== school) { patch.selectClassId = f.defaults.classId; patch.classCode = f.defaults.classId; }
  return Object.keys(patch).length ? patch : null;
}

/** Filter options of the exam, its stored state, and the report query built from it. */
export function useReportContext() {
  const examId = useExamId();
  const joint = useJointScope();
  const [state, setState] = useReportFilter(examId);
  const [answer, setAnswer] = useState<FilterAnswer | undefined>(() => (examId ? loadFilter(examId, joint).value : undefined));
  useEffect(() => {
    if (!examId) return;
    let alive = true;
    const entry = loadFilter(examId, joint);
    if (entry.value) setAnswer(entry.value);
    entry.promise.then((v) => {
      if (!alive) return;
      setAnswer(v);
      if (v.data) {
        const patch = sanitizeFilter(reportFilterStore.get(examId), v.data);
        if (patch) reportFilterStore.set(examId, patch);
      }
    });
    return () => { alive = false; };
  }, [examId, joint]);
  const filter = answer?.data ?? null;
  const ready = !!filter && !sanitizeFilter(state, filter);
  const params = useMemo(() => toParams(examId, state), [examId, state]);
  return { examId, state, setState, filter, filterError: answer?.error ?? null, filterLoading: !!examId && !answer, ready, params };
}

/** Store state → contract query (courseCode '0' = 总分, classId 0 = 全年级, '' class type = all). */
export function toParams(examId: string, s: ReportFilterState): ReportParams {
  const ct = String(s.classType ?? '');
  return {
    examId,
    courseCode: String(s.courseCode ?? '0') || '0',
    classId: Number(s.selectClassId) || 0,
    classType: ct === '0' ? '' : ct,
    registrationType: String(s.registrationType ?? '0') || '0',
    scoreType: Number(s.scoreType) || 1,
    ...(typeof s.schoolId === 'number' ? { schoolId: s.schoolId } : {}),
  };
}

// ---- one report's data

export interface ReportState<T> {
  data: T | null;
  loading: boolean;
  /** The refusal or failure message (e.g. 无权限访问). */
  error: string | null;
  reload: () => void;
}

/** Fetches one report for the query; refetches whenever the query changes. `enabled` false waits. */
export function useReport<K extends ReportKey>(key: K, params: ReportParams, enabled = true): ReportState<ReportData[K]> {
  const [data, setData] = useState<ReportData[K] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const joint = useJointScope();
  const paramKey = JSON.stringify(params);
  useEffect(() => {
    if (!enabled || !params.examId) return;
    let alive = true;
    setLoading(true);
    setError(null);
    (joint ? http.get<ReportData[K]>(`/${JOINT_REPORT_PATHS[key]}`, JSON.parse(paramKey) as ReportParams) : findReport(key, JSON.parse(paramKey) as ReportParams))
      .then((res) => {
        if (!alive) return;
        if (res.code === 200) setData(res.data);
        else { setData(null); setError(res.code === 401 ? null : res.msg || '加载失败'); }
      })
      .catch(() => { if (alive) { setData(null); setError('报告加载失败，请稍后重试'); } })
      .finally(() => { if (alive) setLoading(false); });
    return () => { alive = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, paramKey, enabled, tick, joint]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, loading, error, reload };
}

/** reportDetails child route of each report key (contract REPORT_ROUTES webRoute). */
const KEY_ROUTE: Record<ReportKey, string> = {
  overview: 'dataScreening', transcript: 'scrolReport', horizontalDistribution: 'horizontalDistribution', subjectComparison: 'subject',
  classComparison: 'classComparison', subjectQuality: 'subjectQuality', groupG: 'Ggroup', quartile: 'quartilean', rateCritical: 'rateCritical',
  online: 'online', paper: 'testPaper', comment: 'comment', studentProgress: 'student', studentTop: 'student', studentWeak: 'student',
  scoreSegment: 'horizontalDistribution', rankSegment: 'horizontalDistribution', registrationComparison: 'registerComparison',
};

/**
 * The report menu entries the caller may open for the exam (from examReportComm/filter `reports`): a route
 * of report keys is kept when any of its keys is allowed; null until known (show everything).
 */
export function useHiddenReportRoutes(examId: string, joint = false): Set<string> | null {
  const [hidden, setHidden] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (!examId) { setHidden(null); return; }
    let alive = true;
    loadFilter(examId, joint).promise.then((v) => {
      if (!alive || !v.data) return;
      const allowed = new Set(v.data.reports);
      const routes = new Map<string, boolean>();
      for (const [k, r] of Object.entries(KEY_ROUTE)) routes.set(r, (routes.get(r) ?? false) || allowed.has(k));
      setHidden(new Set([...routes].filter(([, ok]) => !ok).map(([r]) => r)));
    });
    return () => { alive = false; };
  }, [examId, joint]);
  return hidden;
}
