import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam } from '../helpers/marking-exam.js';

/**
 * Menus show what the account may open (@jz/shared roles USER_DUTIES, in GET teach/user/getCurrentUserInfo), and the
 * server refuses the rest as before: a plain marker (teacher1) has no 阅卷监控 and no 扫描管理 and gets 403 from
 * monitor/topicList; the 备课组长 (lesson1) and the administrator have both. Naming teacher1 题组长 of a block opens
 * 阅卷监控 to it; naming it 扫描员 of a subject opens 扫描管理 — in the menu and on that exam's card (canScan).
 */
describe.each(dbKinds)('menu duties on %s', (kind) => {
  let t: TestApp;
  let examId: number;
  let subjectId: number;

  const call = async <T = any>(login: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.call<T>({ method, url: `/api/v1/${url}`, token: await t.tokenFor(login), ...(payload ? { payload } : {}) })).body;
  const duties = async (login: string) => (await call<{ duties: string[] }>(login, 'GET', 'teach/user/getCurrentUserInfo')).data.duties;
  const canScan = async (login: string) => (await call<{ subjects: { id: number; canScan: boolean }[] }>(login, 'GET', `exam_manage/find_exam?examId=${examId}`)).data.subjects[0]!.canScan;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const exam = await createMarkingExam(t, { name: '菜单职责测试', fullScore: 10, questions: [{ no: '1', type: 'subjective', fullScore: 10, step: 1 }] });
    ({ examId, subjectId } = exam);
  });
  afterAll(async () => { await t?.close(); });

  it('gives each account the duties its calls allow, and the server still refuses the rest', async () => {
    expect(await duties('admin')).toEqual(['examSetup', 'markingMonitor', 'scan']);
    expect(await duties('lesson1')).toEqual(['examSetup', 'markingMonitor', 'scan']);
    expect(await duties('teacher1')).toEqual([]);
    expect(await duties('head1')).toEqual([]);
    const groups = (await call<{ blockId: number }[]>('admin', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).data;
    expect((await call('teacher1', 'GET', `monitor/topicList?examId=${examId}`)).code).toBe(403);
    expect((await call('lesson1', 'GET', `monitor/topicList?examId=${examId}`)).code).toBe(200);
    expect([await canScan('admin'), await canScan('lesson1'), await canScan('teacher1')]).toEqual([true, true, false]);
    expect((await call('teacher1', 'GET', `scanned_batch/list?examSubjectId=${subjectId}`)).code).toBe(403);

    // teacher1 named 题组长 of the block: 阅卷监控 opens, in the menu and on the server
    const teacher1 = (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow()).id;
    expect((await call('admin', 'POST', 'task_allocation/save_tmp_subject_leader', { blockId: groups[0]!.blockId, userId: teacher1 })).code).toBe(200);
    expect(await duties('teacher1')).toEqual(['markingMonitor']);
    expect((await call('teacher1', 'GET', `monitor/topicList?examId=${examId}`)).code).toBe(200);

    // and 扫描员 of the subject: 扫描管理 opens (menu, exam card, server)
    expect((await call('admin', 'POST', 'scanned_operator/save', { examSubjectId: subjectId, userIds: [teacher1] })).code).toBe(200);
    expect(await duties('teacher1')).toEqual(['markingMonitor', 'scan']);
    expect(await canScan('teacher1')).toBe(true);
    expect((await call('teacher1', 'GET', `scanned_batch/list?examSubjectId=${subjectId}`)).code).toBe(200);
  });
});
