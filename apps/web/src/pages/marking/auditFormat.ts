/**
 * The 改分记录 (audit) cells: the api keeps old and new as JSON of any shape — a total, { scores, total },
 * a list of marks ({ marker, total }), or a paper state { status } — shown here as short Chinese text.
 */

export const AUDIT_KIND_NAMES: Record<string, string> = {
  rescore: '回评改分', override: '抽查改分', arbitrate: '仲裁', clear: '清除阅卷数据', problem: '问题卷',
  problemScore: '问题卷给分', problemReturn: '问题卷退回', score: '给分',
  reassign: '回收未阅', trialPass: '试评通过', trialRedo: '试评重评', reopen: '退回重评',
};
const STATUS_NAMES: Record<string, string> = { problem: '问题卷', marking: '待阅', final: '已完成', arbitration: '待仲裁', third: '待三评' };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(Math.round(v * 100) / 100) : null);

export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  const n = num(v);
  if (n !== null) return n;
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(auditValue).join('、') || '—';
  if (isObj(v)) {
    const total = num(v.total);
    const scores = Array.isArray(v.scores) ? v.scores.map((x) => num(x) ?? '?').join('+') : null;
    const who = typeof v.marker === 'string' ? `${v.marker}：` : '';
    if (total !== null) return `${who}${total}${scores ? `（${scores}）` : ''}`;
    // a marker's 试评 round (trialPass / trialRedo)
    if (typeof v.attempt === 'number') return `${who}第 ${v.attempt} 轮 ${v.passed ? '已通过' : '未通过'}，误差内 ${num(v.within) ?? 0}/${num(v.trialPapers) ?? 0} 份`;
    if (typeof v.status === 'string') return STATUS_NAMES[v.status] ?? v.status;
    if (typeof v.papers === 'number') return `${v.papers} 份`;
  }
  return JSON.stringify(v);
}
