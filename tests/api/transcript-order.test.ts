import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/** The 成绩单 shows 总分 next to the names by default; `totalPosition=last` puts it after the subjects. */
describe.each(dbKinds)('transcript column order on %s', (kind) => {
  const t = useTestApp(kind);
  let token: string;
  let examId: number;
  beforeAll(async () => {
    token = await t.tokenFor('grade1');
    examId = (await t.database.db.selectFrom('exam').select('id').where('released_at', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).id;
  });

  it('puts 总分 first by default and last on request, with the values moving with their column', async () => {
    type T = { columns: { code: string; isTotal: boolean }[]; records: { examStudentId: number; scores: (number | null)[] }[] };
    const first = await t.call<T>({ url: `/api/v1/examReportComm/transcript?examId=${examId}&size=5`, token });
    const last = await t.call<T>({ url: `/api/v1/examReportComm/transcript?examId=${examId}&size=5&totalPosition=last`, token });
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data.columns[0]!.isTotal).toBe(true);
    expect(last.body.data.columns.at(-1)!.isTotal).toBe(true);
    expect(first.body.data.columns.map((c) => c.code).slice(1)).toEqual(last.body.data.columns.map((c) => c.code).slice(0, -1));
    const a = first.body.data.records[0]!;
    const b = last.body.data.records.find((r) => r.examStudentId === a.examStudentId)!;
    expect(a.scores[0]).toBe(b.scores.at(-1));
    expect(a.scores.slice(1)).toEqual(b.scores.slice(0, -1));
    expect((await t.call({ url: `/api/v1/examReportComm/transcript?examId=${examId}&totalPosition=middle`, token })).body.code).toBe(400);
  });
});
