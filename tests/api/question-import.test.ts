import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { multipart, workbook } from '../fixtures/small-exam.js';
import { PNG, docxOf, lieAboutSize, para, patchDocx, samplePaper } from '../fixtures/docx-paper.js';

const MB = 1024 * 1024;

/**
 * 导入试卷 (.docx) and questions in Excel, through the api as the demo roles. The sample paper (fixtures/docx-paper.ts)
 * read by hand: 4 questions — 1 单选 with A = ½ (\frac{1}{2}), 2 单选 answer B with an analysis, 3 填空 with x², 4 解答
 * with √2 and an 8×8 PNG. Every hostile file answers 400 with a Chinese message, and the bank keeps its count.
 */
describe.each(dbKinds)('question import on %s', (kind) => {
  let t: TestApp;
  let lesson1: string;
  let head1: string;

  const total = async () => (await t.call<{ total: number }>({ url: '/api/v1/question_bank/list?courseCode=SX', token: lesson1 })).body.data.total;
  const preview = (token: string, file: Buffer, course = 'SX') =>
    t.call<{ digest: string; questions: { no: number; type: string; stem: string; options: { label: string; content: string }[]; answer: string; analysis: string }[] }>({
      method: 'POST', url: `/api/v1/question_bank/docx_preview?courseCode=${course}`, token, ...multipart(file) });
  const confirm = (token: string, file: Buffer, digest: string) =>
    t.call<{ created: number; ids: number[] }>({ method: 'POST', url: `/api/v1/question_bank/docx_import?courseCode=SX&digest=${digest}`, token, ...multipart(file) });

  beforeAll(async () => {
    t = await createTestApp(kind);
    [lesson1, head1] = await Promise.all(['lesson1', 'head1'].map((l) => t.tokenFor(l)));
  });
  afterAll(async () => { await t.close(); });

  it('previews a paper without writing, then writes it all on confirmation', async () => {
    const file = await samplePaper();
    const p = await preview(lesson1, file);
    expect(p.body.code, p.body.msg).toBe(200);
    const qs = p.body.data.questions;
    expect(qs.map((q) => [q.no, q.type])).toEqual([[1, 'single'], [2, 'single'], [3, 'fill'], [4, 'subjective']]);
    expect(qs[0]!.options).toEqual([{ label: 'A', content: '$\\frac{1}{2}$' }, { label: 'B', content: '2' }, { label: 'C', content: '0' }, { label: 'D', content: '-1' }]);
    expect(qs[1]).toMatchObject({ answer: 'B', analysis: '<p>只改变符号。</p>' });
    expect(qs[2]!.stem).toBe('<p>若 $x^2$ = 4，则 x = ____</p>');
    expect(qs[3]!.stem).toContain('$\\sqrt{2}$');
    expect(qs[3]!.stem).toContain(`<img src="data:image/png;base64,${PNG.toString('base64')}" alt="图片">`);
    expect(await total()).toBe(0);

    expect((await preview(head1, file)).body.code).toBe(403); // a head teacher does not write questions
    const stale = await confirm(lesson1, await docxOf([para('1. 另一份')]), p.body.data.digest);
    expect(stale.body).toMatchObject({ code: 400, msg: '上传的文件与预览的不一致，请重新预览后再确认' });

    const done = await confirm(lesson1, file, p.body.data.digest);
    expect(done.body).toMatchObject({ code: 200, data: { created: 4 } });
    const list = await t.call<{ records: { stem: string; type: string; answer: string }[] }>({ url: '/api/v1/question_bank/list?courseCode=SX', token: lesson1 });
    const q4 = list.body.data.records.find((r) => r.type === 'subjective')!;
    const src = /<img src="(\/api\/v1\/question_bank\/image\/[^"]+)"/.exec(q4.stem)?.[1];
    expect(src).toMatch(/^\/api\/v1\/question_bank\/image\/\d+\/[0-9a-f-]{36}\.png$/);
    // served with the session of the school only (the web fetches it with the token and shows an object URL)
    expect((await t.app.inject({ url: src! })).json()).toMatchObject({ code: 401 });
    const img = await t.app.inject({ url: src!, headers: { authorization: head1 } }); // every teacher reads the bank
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    const other = await t.tokenFor('admin2'); // 第二示范中学
    expect((await t.app.inject({ url: src!, headers: { authorization: other } })).json()).toMatchObject({ code: 404, msg: '图片不存在' });
    const ownSchool = /image\/(\d+)\//.exec(src!)![1];
    const otherSchool = (await t.call<{ schoolId: number }>({ url: '/api/v1/teach/user/getCurrentUserInfo', token: other })).body.data.schoolId;
    expect(otherSchool).not.toBe(Number(ownSchool));
    expect((await t.app.inject({ url: src!.replace(`/image/${ownSchool}/`, `/image/${otherSchool}/`), headers: { authorization: other } })).json())
      .toMatchObject({ code: 404, msg: '图片不存在' });
    expect((await t.app.inject({ url: `/api/v1/question_bank/image/${ownSchool}/..%2F..%2Fsecret.png`, headers: { authorization: lesson1 } })).json())
      .toMatchObject({ code: 404, msg: '图片不存在' });
    // the Word export of a paper holding the question carries the picture itself (fetched from the Storage on the server)
    const word = await t.app.inject({ method: 'POST', url: '/api/v1/question_bank/paper_export_docx', headers: { authorization: lesson1 },
      payload: { courseCode: 'SX', title: '含图试卷', items: done.body.data.ids.map((questionId) => ({ questionId, score: 5 })) } });
    expect(word.headers['content-type']).toContain('wordprocessingml');
    const zip = await JSZip.loadAsync(word.rawPayload);
    const media = Object.keys(zip.files).filter((f) => f.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    expect(Buffer.compare(await zip.file(media[0]!)!.async('nodebuffer'), PNG)).toBe(0);
    expect(await zip.file('word/document.xml')!.async('string')).not.toContain('[图片]');
  });

  it('refuses hostile and unreadable papers with a message naming the question, writing nothing', async () => {
    const before = await total();
    const expectRefused = async (file: Buffer, msg: string | RegExp) => {
      const r = await preview(lesson1, file);
      expect(r.body.code, r.body.msg).toBe(400);
      if (typeof msg === 'string') expect(r.body.msg).toBe(msg); else expect(r.body.msg).toMatch(msg);
      return r;
    };
    const notDocx = '文件格式不正确，请上传 .docx 格式的 Word 文件（不支持 .doc，可在 Word 中另存为 .docx）';
    await expectRefused(Buffer.from('PK\u0003\u0004 这不是压缩包'), notDocx);
    const good = await samplePaper();
    await expectRefused(good.subarray(0, Math.floor(good.length / 2)), notDocx);
    // zip bomb: 70 MB of spaces in document.xml, a few hundred kB on the wire
    const bomb = await patchDocx(good, (xml) => xml.replace('</w:body>', `${' '.repeat(70 * MB)}</w:body>`));
    expect(bomb.length).toBeLessThan(2 * MB);
    await expectRefused(bomb, '文件解压后超过 60 MB，疑似压缩炸弹或内容过多，已拒绝导入');
    // the same bomb whose headers claim 1 kB: stopped by counting the bytes actually inflated
    await expectRefused(lieAboutSize(bomb, 'word/document.xml', 1024), '文件解压后超过 60 MB，疑似压缩炸弹或内容过多，已拒绝导入');
    // a 50 MB image in question 4 (compresses to almost nothing)
    await expectRefused(await samplePaper(Buffer.concat([PNG, Buffer.alloc(50 * MB)])), '第 4 题的图片超过 5 MB，请压缩图片后再导入');
    // 201 questions: over the 200 of one import
    await expectRefused(await docxOf(Array.from({ length: 201 }, (_, i) => para(`${i + 1}. 第${i + 1}题`))), '试卷共 201 题，超过每次导入 200 题的上限，请分成几份导入');
    // a formula element the converter does not know, in question 1's option A
    const odd = await patchDocx(good, (xml) => xml.replace('<m:oMath>', '<m:oMath><m:mystery/>'));
    const r = await expectRefused(odd, /^试卷无法导入，未写入任何试题。第 1 题：无法转换的公式元素 <m:mystery>/);
    expect((r.body.data as unknown as { errors: string[] }).errors).toHaveLength(1);
    // a choice section without options, an image Word saved as EMF
    const emf = await samplePaper(Buffer.concat([Buffer.from([1, 0, 0, 0]), Buffer.alloc(100)]));
    await expectRefused(emf, /第 4 题：图片“[^”]+”不是 PNG、JPEG、GIF 或 WebP 格式/);
    await expectRefused(await docxOf([para('一、选择题'), para('1. 没有选项的题')]), '试卷无法导入，未写入任何试题。第 1 题：选择题没有识别到选项（应以 A. B. C. D. 开头）');
    await expectRefused(await docxOf([para('一份没有题号的文档')]), '没有识别到试题：每题另起一段，以题号“1.”“2.”……开头');
    // confirming a hostile file directly writes nothing either
    expect((await confirm(lesson1, odd, 'a'.repeat(64))).body.code).toBe(400);
    expect(await total()).toBe(before);
  });

  it('imports questions from Excel naming every bad cell, and exports the filtered list', async () => {
    const point = await t.call<{ id: number }>({ method: 'POST', url: '/api/v1/question_bank/save_knowledge_point', token: lesson1, payload: { courseCode: 'SX', name: '函数' } });
    expect(point.body.code).toBe(200);
    const header = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '答案', '解析', '难度', '知识点', '标签'];
    const upload = (file: Buffer) => t.call<{ created: number; errors?: { row: number; column: string; reason: string }[] }>({
      method: 'POST', url: '/api/v1/question_bank/question_import?courseCode=SX', token: lesson1, ...multipart(file) });
    const before = await total();
    const bad = await workbook({
      试题: [
        header,
        ['单选题', '$x^2=4$ 的正根是', '2', '-2', '', '', 'A', '', '0.8', '函数', '期中'],
        ['选择题', '题干', '1', '2', '', '', 'A'],
        ['单选题', '题干', '1', '2', '', '', 'E'],
        ['填空题', '题干', 'x', '', '', '', '3', '', '1.5'],
        ['解答题', '', '', '', '', '', '', '', '', '不存在'],
      ],
    });
    const refused = await upload(bad);
    expect(refused.body).toMatchObject({ code: 400, msg: '导入失败，共4行有误' });
    expect(refused.body.data.errors).toEqual([
      { row: 3, column: 'A', reason: '题型“选择题”应为单选题、多选题、判断题、填空题、解答题之一' },
      { row: 4, column: 'G', reason: '答案“E”不在已填写的选项中' },
      { row: 5, column: 'C', reason: '填空题不填选项' },
      { row: 5, column: 'I', reason: '难度“1.5”应为 0 到 1 之间的数' },
      { row: 6, column: 'B', reason: '请填写题干' },
      { row: 6, column: 'J', reason: '知识点“不存在”不在本学科的知识点树中' },
    ]);
    expect(await total()).toBe(before);

    const good = await workbook({
      试题: [header,
        ['单选题', '$x^2=4$ 的正根是', '2', '-2', '', '', 'A', '平方根', '0.8', '函数', '期中'],
        ['多选题', '下列是偶数的有', '1', '2', '3', '4', 'd,b', '', '', '', '']],
    });
    expect((await upload(good)).body).toMatchObject({ code: 200, data: { created: 2 } });
    expect(await total()).toBe(before + 2);

    const res = await t.app.inject({ url: '/api/v1/question_bank/question_export?courseCode=SX&tag=期中', headers: { authorization: lesson1 } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]!.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1, 12).map((c) => c ?? ''));
    expect(rows).toEqual([header, ['单选题', '<p>$x^2=4$ 的正根是</p>', '2', '-2', '', '', 'A', '<p>平方根</p>', 0.8, '函数', '期中']]);
    const multi = await t.call<{ records: { answer: string; type: string }[] }>({ url: '/api/v1/question_bank/list?courseCode=SX&type=multiple', token: lesson1 });
    expect(multi.body.data.records.map((q) => q.answer)).toEqual(['BD']);
    const template = await t.app.inject({ url: '/api/v1/question_bank/question_template', headers: { authorization: lesson1 } });
    const tw = new ExcelJS.Workbook();
    await tw.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((tw.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(header);
    expect((await t.call({ method: 'POST', url: '/api/v1/question_bank/question_import?courseCode=SX', token: head1, ...multipart(good) })).body.code).toBe(403);
  });
});
