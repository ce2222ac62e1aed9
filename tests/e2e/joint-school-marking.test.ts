import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { storeScannedSheets } from '../helpers/marking-exam.js';
import { classesOf, makeJointMathExam, schoolIdOf } from '../helpers/joint-bureau.js';
import { startMarkingWalk, type MarkingWalk } from './marking-helpers.js';
import { watchForCrashes } from './helpers.js';

/**
 * 各校阅卷 in Chromium (docs/DECISIONS.md "Joint exams", 各校阅卷): the demo bureau organises a 数学 joint exam of
 * 示例中学 and 第二示范中学 (through the API), scored 各校阅卷; two candidates of each school have scanned sheets. On
 * screen, 第二示范中学's administrator assigns its teacher d001 to 第1题 from 联考列表 (本校阅卷分配); d001 marks in the
 * marking page and is served exactly his school's 2 papers, then 当前没有可阅的试卷 (示例中学's 2 stay in the pool);
 * neither the school's nor the organiser's 分配阅卷任务 offers 试评 (各校阅卷不试评); the organiser's expanded row shows 第二示范中学 阅卷进度 2/2 and 示例中学 0/2 (block 第1题's papers: 2 per school, by hand).
 */
describe('joint school marking in Chromium', () => {
  let walk: MarkingWalk;
  let examId: number;
  let block1: number;
  let secondId: number;
  let subjectId: number;
  const name = '高一数学各校阅卷（网页）';

  beforeAll(async () => {
    walk = await startMarkingWalk('joint-school', { demos: false });
    const t = walk.server;
    const db = t.database.db;
    const sampleId = await schoolIdOf(t, '示例中学');
    secondId = await schoolIdOf(t, '第二示范中学');
    const bureauId = await schoolIdOf(t, '示范市教育局');
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', bureauId).orderBy('id').executeTakeFirstOrThrow()).id;
    const bureau = { gradeId, token: await t.tokenFor('bureau') };
    ({ examId, subjectId } = await makeJointMathExam(t, bureau, name, [sampleId, secondId]));
    for (const [who, schoolId] of [['admin', sampleId], ['admin2', secondId]] as const) {
      const classIds = (await classesOf(t, schoolId)).slice(0, 1).map((c) => c.id);
      const r = await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: await t.tokenFor(who), payload: { examId, classIds } });
      expect(r.body.code, r.body.msg).toBe(200);
    }
    const set = await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_scoring', token: bureau.token, payload: { examId, courseCode: 'SX', scoring: 'school_marking' } });
    expect(set.body.code, set.body.msg).toBe(200);
    const groups = await t.call({ method: 'GET', url: `/api/v1/task_allocation/find_group_list?examSubjectId=${subjectId}`, token: bureau.token });
    block1 = (groups.body.data as { blockId: number; name: string }[]).find((g) => g.name === '第1题')!.blockId;
    const candidates = await db.selectFrom('exam_student').select(['id', 'school_id']).where('exam_id', '=', examId).orderBy('exam_no').execute();
    const sheets = [...candidates.filter((c) => c.school_id === sampleId).slice(0, 2), ...candidates.filter((c) => c.school_id === secondId).slice(0, 2)];
    await storeScannedSheets(t, walk.dataDir, { schoolId: bureauId, gradeId: 0, examId, subjectId, qid: {}, students: [] }, sheets.map((c) => c.id), ['1', '2']);
  }, 300_000);
  afterAll(async () => { await walk?.close(); });

  /** The school of the candidate whose paper the task is. */
  const schoolOfTask = async (taskId: number) => (await walk.server.database.db.selectFrom('marking_task as t').innerJoin('marking_paper as p', 'p.id', 't.paper_id')
    .innerJoin('exam_student as es', 'es.id', 'p.exam_student_id').select('es.school_id').where('t.id', '=', taskId).executeTakeFirstOrThrow()).school_id;
  const row = (page: Page) => page.locator('tr.ant-table-row', { hasText: name });

  it('the second school assigns its own teacher on screen, he marks only its papers, the organiser sees its progress', async () => {
    const admin2 = await walk.pageAs('admin2');
    const crashes = watchForCrashes(admin2);
    await admin2.goto(`${walk.server.url}/#/jointExamination/list`);
    await row(admin2).getByRole('button', { name: '本校阅卷分配' }).click();
    const card = admin2.getByTestId(`assign-block-${block1}`);
    // 试评 is off under 各校阅卷: said, not offered
    await card.getByTestId('trial-off').filter({ hasText: '各校阅卷不试评' }).waitFor();
    expect(await card.getByLabel('试评份数').count()).toBe(0);
    await card.getByRole('button', { name: '选择阅卷老师' }).click();
    const dialog = admin2.getByRole('dialog', { name: '选择阅卷老师' });
    await dialog.getByLabel('搜索老师').fill('d001');
    await dialog.locator('.ant-table-row').filter({ has: admin2.getByRole('cell', { name: 'd001', exact: true }) }).locator('.ant-checkbox-input').check();
    await dialog.getByRole('button', { name: '确定' }).click();
    await card.getByRole('cell', { name: 'd001', exact: true }).waitFor();
    await admin2.getByRole('button', { name: '保存分配' }).click();
    await admin2.getByText('保存成功').first().waitFor();
    const d001 = (await walk.server.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'd001').executeTakeFirstOrThrow()).id;
    expect((await walk.server.database.db.selectFrom('marking_marker').select('user_id').where('block_id', '=', block1).execute()).map((m) => m.user_id)).toEqual([d001]);
    expect(crashes()).toEqual([]);

    // d001 opens the block from 阅卷任务 and marks until nothing is left
    const marker = await walk.pageAs('d001');
    await marker.goto(`${walk.server.url}/#/examMarking/markingTasks`);
    await marker.locator('[data-testid="marking-task-table"] .ant-table-row', { hasText: name }).filter({ hasText: '第1题' }).getByRole('button', { name: '开始阅卷' }).click();
    await marker.getByTestId('mark-title').filter({ hasText: '第1题' }).waitFor();
    const marked: number[] = [];
    for (let n = 0; n < 4; n++) {
      const shown = await Promise.race([
        marker.getByTestId('paper-image').waitFor().then(() => 'paper' as const),
        marker.getByText('当前没有可阅的试卷').first().waitFor().then(() => 'none' as const),
      ]);
      if (shown === 'none') break;
      const taskId = Number(await marker.getByTestId('mark-work').getAttribute('data-task-id'));
      expect(await schoolOfTask(taskId)).toBe(secondId);
      const answered = marker.waitForResponse((r) => r.url().includes('/api/v1/marking/submit'));
      await marker.keyboard.press('7');
      await marker.keyboard.press('Enter');
      expect(((await (await answered).json()) as { code: number }).code).toBe(200);
      marked.push(taskId);
      await marker.waitForFunction((id) => {
        const v = document.querySelector('[data-testid="mark-work"]')?.getAttribute('data-task-id');
        if (v && Number(v) !== id && document.querySelector('[data-testid="paper-image"]')) return true;
        return !v && document.body.innerText.includes('当前没有可阅的试卷');
      }, taskId);
      await marker.keyboard.press('Enter');
    }
    expect(marked).toHaveLength(2);

    // the organiser's 分配阅卷任务 of the subject: no 试评 either
    const org = await walk.pageAs('bureau');
    await org.goto(`${walk.server.url}/#/examDetailsEdit/assignWork?examId=${examId}&examSubjectId=${subjectId}`);
    const own = org.getByTestId(`assign-block-${block1}`);
    await own.getByTestId('trial-off').filter({ hasText: '各校阅卷不试评' }).waitFor();
    expect(await own.getByLabel('试评份数').count()).toBe(0);

    // the organiser's expanded row: 阅卷进度 final/papers per school
    await org.goto(`${walk.server.url}/#/jointExamination/list`);
    await row(org).locator('.ant-table-row-expand-icon').click();
    const school = (s: string) => org.locator('.ant-table-expanded-row tr', { hasText: s });
    await school('第二示范中学').getByRole('cell', { name: '2/2', exact: true }).waitFor();
    await school('示例中学').getByRole('cell', { name: '0/2', exact: true }).waitFor();
    // per block (第2题 has no papers yet: nobody has asked for one)
    await school('第二示范中学').getByRole('cell', { name: '数学第1题 2/2' }).waitFor();
    await school('示例中学').getByRole('cell', { name: '数学第1题 0/2' }).waitFor();
  }, 300_000);
});
