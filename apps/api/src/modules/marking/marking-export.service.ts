/**
 * monitor/export: the marking monitor of an exam as one workbook (阅卷监控_<考试名>.xlsx) with two sheets, 阅卷进度
 * (per subject, block and marker: monitor/markingList's figures and the expected finish, then 待领取 and the block's
 * total) and 阅卷质量 (per block, each
 * marker's monitor/qualityList figures and then the block's own row). Same scope as monitor/topicList: the blocks of
 * the exam the caller leads.
 */
import { hoursText } from '@jz/shared/marking-progress';
import type { Db } from '../../db/database.js';
import { writeWorkbook } from '../excel/excel.workbook.js';
import type { SchoolUser } from './marking.access.js';
import { groupList, markerProgressRows, monitorBlocks } from './marking-setup.service.js';
import { findExam, findSubject } from '../exam/exam.repository.js';
import { classNamesOf } from './marking.repository.js';
import { qualityOf } from './marking-quality.service.js';
import { countBlock } from './marking-counts.service.js';

const col = (header: string, key: string, width = 10) => ({ header, key, width });

const progressColumns = [
  col('科目', 'subject', 10), col('题块', 'block', 14), col('阅卷老师', 'marker', 12), col('任务量', 'assigned', 8), col('已阅', 'done', 8),
  col('剩余', 'remaining', 8), col('正在阅', 'held', 8), col('每小时阅卷量', 'perHour', 12), col('预计剩余用时（小时）', 'hours', 18), col('预计完成', 'eta', 16),
];
const qualityColumns = [
  col('科目', 'subject', 10), col('题块', 'block', 14), col('阅卷老师', 'marker', 12), col('已阅', 'marks', 8), col('平均分', 'mean', 8),
  col('与均分差', 'diff', 10), col('标准差', 'sd', 8), col('可比试卷', 'paired', 10), col('误差内试卷', 'within', 10), col('误差内比例（%）', 'withinPercent', 14),
  col('三评试卷', 'third', 10), col('三评率（%）', 'thirdPercent', 12), col('仲裁数', 'arbitrations', 8), col('保险分评分数', 'safe', 12),
  col('保险分系数（%）', 'safePercent', 14), col('满分', 'full', 8), col('给分步长', 'step', 10), col('保险分', 'safeScore', 8), col('误差阈值', 'tolerance', 10),
];

export async function exportMonitor(db: Db, user: SchoolUser, examId: number): Promise<{ fileName: string; bytes: Buffer }> {
  const { exam, blocks } = await monitorBlocks(db, user, examId);
  const progress: (string | number | null)[][] = [];
  const quality: (string | number | null)[][] = [];
  for (const b of blocks) {
    const q = await qualityOf(db, b);
    for (const m of await markerProgressRows(db, b, q)) {
      progress.push([b.subjectName, b.name, m.userName, m.assigned, m.done, m.remaining, m.held, m.papersPerHour, m.hoursLeft, m.fixed ? hoursText(m.hoursLeft) : '自由领取']);
    }
    // the marks no share covers, then the block: its 任务量 column adds up to 评分任务 (docs/DOMAIN-RULES.md §4.1, 题块计数)
    const c = await countBlock(db, b);
    if (c.unclaimed) progress.push([b.subjectName, b.name, '待领取', c.unclaimed, 0, c.unclaimed, 0, null, null, null]);
    progress.push([b.subjectName, b.name, '题块合计', c.tasks, c.done, c.tasks - c.done, c.held, null, c.hoursLeft, hoursText(c.hoursLeft)]);
    const scale = [q.fullScore, q.step, q.safeScore, q.tolerance];
    for (const r of q.rows) {
      quality.push([b.subjectName, b.name, r.userName, r.marks, r.mean, r.diff, r.sd, r.paired, r.within, r.withinPercent, r.third, r.thirdPercent, r.arbitrations, r.safe, r.safePercent, ...scale]);
    }
    const w = q.block;
    quality.push([b.subjectName, b.name, '题块整体', w.marks, w.mean, null, w.sd, w.paired, w.within, w.withinPercent, w.third, w.thirdPercent, w.arbitrations, w.safe, w.safePercent, ...scale]);
  }
  const bytes = await writeWorkbook([
    { name: '阅卷进度', columns: progressColumns, rows: progress },
    { name: '阅卷质量', columns: qualityColumns, rows: quality },
  ]);
  return { fileName: `阅卷监控_${exam.name}.xlsx`, bytes };
}

const readerColumns = [
  col('题块', 'block', 14), col('题目', 'questions', 14), col('题组长', 'leader', 12), col('阅卷老师', 'marker', 12), col('账号', 'loginId', 14),
  col('任务量', 'quota', 10), col('阅卷班级', 'classes', 24),
];

/** answer/exportTeachInfo: who marks what in one exam subject (find_group_list's blocks and markers), one row per marker. */
export async function exportReaders(db: Db, user: SchoolUser, examSubjectId: number): Promise<{ fileName: string; bytes: Buffer }> {
  const blocks = await groupList(db, user, examSubjectId);
  const subject = (await findSubject(db, examSubjectId))!;
  const exam = (await findExam(db, subject.exam_id))!;
  const classes = await classNamesOf(db, user.schoolId, blocks.flatMap((b) => b.markers.flatMap((m) => m.classIds)));
  const rows: (string | number | null)[][] = [];
  for (const b of blocks) {
    const questions = b.questions.map((q) => q.number).join('、');
    if (!b.markers.length) rows.push([b.name, questions, b.leaderName ?? '', '（未分配）', '', null, '']);
    for (const m of b.markers) {
      rows.push([b.name, questions, b.leaderName ?? '', m.userName, m.loginId, m.quota ?? '不限', m.classIds.length ? m.classIds.map((c) => classes.get(c) ?? '').join('、') : '全部']);
    }
  }
  const bytes = await writeWorkbook([{ name: '阅卷老师', columns: readerColumns, rows }]);
  return { fileName: `阅卷老师_${exam.name}_${subject.course_name}.xlsx`, bytes };
}
