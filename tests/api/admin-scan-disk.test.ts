import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

const A = '/adminApi/v1/admin/school/scanDisk';
const GB = 1024 ** 3;

/**
 * The platform administrator sets a school's disk budget for stored scans (default 50 GB) and sees its usage.
 * Usage: two stored upload files of 示例中学 of 1,610,612,736 bytes (1.5 GB) and 2,048 bytes are added to what the
 * seed stored; 1.5 × 1024³ = 1,610,612,736 and 1,610,612,736 + 2,048 = 1,610,614,784 (by hand). Enforcement on upload: tests/api/scan-hostile.test.ts.
 */
describe.each(dbKinds)('school scan disk budget on %s', (kind) => {
  const t = useTestApp(kind);
  let root: string;
  let schoolId: number;

  beforeAll(async () => {
    root = await t.tokenFor('root', 'admin');
    schoolId = (await t.database.db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow()).id;
  });

  it('shows the usage against the default 50 GB, sets a budget in GB, and goes back to the default', async () => {
    const db = t.database.db;
    const before = (await t.call({ url: `${A}/${schoolId}`, token: root })).body.data;
    expect(before).toMatchObject({ schoolId, schoolName: '示例中学', quotaBytes: 50 * GB, defaultBytes: 53_687_091_200, custom: false });
    const exam = await db.selectFrom('exam').select(['id']).where('school_id', '=', schoolId).orderBy('id').executeTakeFirstOrThrow();
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).orderBy('id').executeTakeFirstOrThrow();
    const batch = await db.insertInto('scan_batch').values({ school_id: schoolId, exam_id: exam.id, exam_subject_id: subject.id, no: 99, name: '空间测试批次', status: 'done', created_by: null })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('scan_page').values([1, 2].map((seq) => ({ school_id: schoolId, batch_id: batch.id, exam_subject_id: subject.id, file_seq: seq, file_name: `s${seq}.pdf`,
      recognized: false, status: 'pending', source_key: `test/disk-${seq}`, source_bytes: seq === 1 ? 1_610_612_736 : 2_048 }))).execute();
    const used = (await t.call({ url: `${A}/${schoolId}`, token: root })).body.data.usedBytes;
    expect(used - before.usedBytes).toBe(1_610_614_784);

    const set = await t.call({ method: 'POST', url: `${A}/${schoolId}`, token: root, payload: { quotaGb: 20 } });
    expect(set.body).toMatchObject({ code: 200, data: { quotaBytes: 21_474_836_480, custom: true } });
    expect(Number((await db.selectFrom('school').select('scan_disk_quota').where('id', '=', schoolId).executeTakeFirstOrThrow()).scan_disk_quota)).toBe(21_474_836_480);
    const back = await t.call({ method: 'POST', url: `${A}/${schoolId}`, token: root, payload: { quotaGb: null } });
    expect(back.body.data).toMatchObject({ quotaBytes: 53_687_091_200, custom: false });
  });

  it('refuses bad budgets in Chinese, an unknown school, and school users', async () => {
    for (const [quotaGb, msg] of [[0, '空间大小至少 1 GB'], [1.5, '空间大小须为整数 GB'], [10_241, '空间大小不能超过 10240 GB']] as const) {
      const r = await t.call({ method: 'POST', url: `${A}/${schoolId}`, token: root, payload: { quotaGb } });
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect((await t.call({ method: 'POST', url: `${A}/999999`, token: root, payload: { quotaGb: 5 } })).body).toMatchObject({ code: 404, msg: '学校不存在' });
    const admin = await t.tokenFor('admin');
    expect((await t.call({ method: 'POST', url: `${A}/${schoolId}`, token: admin, payload: { quotaGb: 500 } })).body.code).toBe(401);
    expect((await t.database.db.selectFrom('school').select('scan_disk_quota').where('id', '=', schoolId).executeTakeFirstOrThrow()).scan_disk_quota).toBeNull();
  });
});
