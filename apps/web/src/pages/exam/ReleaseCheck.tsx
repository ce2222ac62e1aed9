import { Table, Typography } from 'antd';
import type { Exam } from '@/api/exam';
import type { ReleaseCheck } from '@/api/release';

type CheckSubject = ReleaseCheck['subjects'][number];

/** A subject's online marking per block: 第4题 2/5 份（未开始 when no paper was made yet）. */
const markingText = (s: CheckSubject) => (s.marking.length
  ? s.marking.map((m) => (m.papers ? `${m.blockName} ${m.finalPapers}/${m.papers} 份` : `${m.blockName} 未开始`)).join('，')
  : '—');

/**
 * 各科成绩录入情况 (docs/DOMAIN-RULES.md §6, 成绩完整度): per subject the students with every score (已录入), some
 * (部分录入: e.g. objective scores from scanning while the written ones wait for the marking), none (未录入), 缺考, and
 * the online marking per block — the figures the release's check uses.
 */
export function EntryTable({ exam, check }: { exam: Exam; check: ReleaseCheck | null }) {
  const rows = exam.subjects.map((s) => ({ ...s, c: check?.subjects.find((x) => x.examSubjectId === s.id) }));
  return (
    <Table size="small" style={{ marginTop: 12 }} rowKey="id" pagination={false} dataSource={rows} loading={!check} data-testid="entry-table"
      title={() => '各科成绩录入情况'}
      columns={[
        { title: '科目', dataIndex: 'courseName' },
        { title: '满分', dataIndex: 'fullScore' },
        { title: '小题数', dataIndex: 'questionCount', render: (v, s) => (s.totalsOnly ? '仅总分' : v) },
        { title: '已录入', key: 'complete', render: (_v, s) => s.c?.complete ?? '—' },
        { title: '部分录入', key: 'partial', render: (_v, s) => s.c?.partial ?? '—' },
        { title: '未录入', key: 'missing', render: (_v, s) => s.c?.missing ?? '—' },
        { title: '缺考', key: 'absent', render: (_v, s) => s.c?.absent ?? '—' },
        { title: '网上阅卷（已完成/试卷）', key: 'marking', render: (_v, s) => (s.c ? markingText(s.c) : '—') },
      ]} />
  );
}

/** Why the exam cannot be released now: the check's reasons, and the marking of every subject that has some. */
export function ReleaseBlockers({ check }: { check: ReleaseCheck }) {
  const marked = check.subjects.filter((s) => s.marking.length);
  return (
    <div data-testid="release-blockers">
      <Typography.Paragraph>以下问题解决后才能发布成绩：</Typography.Paragraph>
      <ul style={{ paddingLeft: 20 }}>{check.problems.map((p) => <li key={p}>{p}</li>)}</ul>
      {marked.length > 0 && (
        <Table size="small" rowKey="blockId" pagination={false} title={() => '网上阅卷进度'}
          dataSource={marked.flatMap((s) => s.marking.map((m) => ({ ...m, courseName: s.courseName })))}
          columns={[
            { title: '科目', dataIndex: 'courseName' },
            { title: '题块', dataIndex: 'blockName' },
            { title: '已完成 / 试卷', key: 'p', render: (_v, m) => (m.papers ? `${m.finalPapers} / ${m.papers}` : '未开始') },
          ]} />
      )}
    </div>
  );
}
