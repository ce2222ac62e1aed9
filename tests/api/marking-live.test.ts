import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { demoMarkingExam } from '../helpers/marking-demo-exam.js';

/** An open event stream read with fetch, as the monitor pages read it. */
async function openStream(base: string, token: string, examId: number) {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/v1/marking/monitor/events?examId=${examId}`, { headers: { authorization: token }, signal: ac.signal });
  const events: { event: string; data: any }[] = [];
  let buf = '';
  let ended = false;
  const pump = (async () => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
    } catch { /* aborted */ }
    ended = true;
  })();
  /** Waits for the first event named `name` after index `from`. */
  const until = async (name: string, ms: number, from = 0) => {
    const t0 = Date.now();
    for (;;) {
      const hit = events.slice(from).find((e) => e.event === name);
      if (hit) return hit.data;
      if (Date.now() - t0 > ms) throw new Error(`no ${name} event in ${ms} ms: ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { res, events, until, isEnded: () => ended, close: async () => { ac.abort(); await pump; } };
}

function multipart(name: string, type: string, bytes: Buffer) {
  const boundary = 'answerboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Live monitor events, standard-answer images and 我的答题卡, on PGlite and PostgreSQL, on the marking
 * demo (题组长 lesson1; markers teacher1 and two 数学 teachers). The stream is opened on a second api instance
 * (its own pool on PostgreSQL) and the mark submitted through the first: the signal crosses instances only through
 * the database.
 */
describe.each(dbKinds)('live marking monitor on %s', (kind) => {
  let t: TestApp;
  let peer: TestApp;
  let base: string;
  let dataDir: string;
  let demo: Awaited<ReturnType<typeof demoMarkingExam>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-marking-live-'));
    t = await createTestApp(kind, { dataDir });
    demo = await demoMarkingExam(t, dataDir, '数学周测（实时监控）');
    peer = await createPeerApp(t, { dataDir });
    base = await peer.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pushes a changed event to an open stream when a mark is submitted through another instance', async () => {
    const lesson1 = await t.tokenFor('lesson1');
    const s = await openStream(base, lesson1, demo.examId);
    try {
      expect(s.res.headers.get('content-type')).toContain('text/event-stream');
      expect(s.res.headers.get('x-content-type-options')).toBe('nosniff'); // the security headers go out with the stream
      const hello = await s.until('hello', 3000);
      const teacher1 = await t.tokenFor('teacher1');
      const next = await t.call({ method: 'POST', url: '/api/v1/marking/next', token: teacher1, payload: { blockId: demo.blockIds[1] } });
      expect(next.body.code, next.body.msg).toBe(200);
      const seen = s.events.length;
      const sub = await t.call({ method: 'POST', url: '/api/v1/marking/submit', token: teacher1, payload: { taskId: next.body.data.taskId, scores: [5.5], requestId: `live-${kind}-1` } });
      expect(sub.body.code, sub.body.msg).toBe(200);
      const changed = await s.until('changed', 5000, seen);
      expect(changed.version).toBeGreaterThan(hello.version);
      // a mark on another exam's block sends nothing to this stream; the same submission again changes nothing
      const again = await t.call({ method: 'POST', url: '/api/v1/marking/submit', token: teacher1, payload: { taskId: next.body.data.taskId, scores: [5.5], requestId: `live-${kind}-1` } });
      expect(again.body.code).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('refuses the stream to a marker who leads no block, to another school and for an unknown exam (JSON, no stream)', async () => {
    for (const [login, code] of [['teacher1', 403], ['head1', 403], ['admin2', 403]] as const) {
      const r = await fetch(`${base}/api/v1/marking/monitor/events?examId=${demo.examId}`, { headers: { authorization: await t.tokenFor(login) } });
      expect(r.headers.get('content-type'), login).toContain('application/json');
      expect((await r.json()).code, login).toBe(code);
    }
    const unknown = await fetch(`${base}/api/v1/marking/monitor/events?examId=999999`, { headers: { authorization: await t.tokenFor('lesson1') } });
    expect((await unknown.json()).code).toBe(404);
    const anonymous = await fetch(`${base}/api/v1/marking/monitor/events?examId=${demo.examId}`);
    expect((await anonymous.json()).code).toBe(401);
  });

  it('keeps at most four streams per user (the oldest ends) and ends a stream after logout', async () => {
    const token = await t.tokenFor('lesson1');
    const streams = [];
    for (let i = 0; i < 5; i++) { const s = await openStream(base, token, demo.examId); await s.until('hello', 3000); streams.push(s); }
    try {
      expect((await streams[0]!.until('end', 3000)).reason).toBe('replaced');
      for (const s of streams.slice(1)) expect(s.events.some((e) => e.event === 'end')).toBe(false);
      const logout = await t.call({ method: 'POST', url: '/api/v1/teach_login/sign_out', token });
      expect(logout.body.code, logout.body.msg).toBe(200);
      for (const s of streams.slice(1)) expect((await s.until('end', 9000)).reason).toBe('logout');
    } finally {
      for (const s of streams) await s.close();
    }
  }, 20_000);

  it('stores a PNG standard-answer image for the block; its markers see it, others and bad files are refused in Chinese', async () => {
    const [lesson1, teacher1, head1, admin2] = await Promise.all(['lesson1', 'teacher1', 'head1', 'admin2'].map((l) => t.tokenFor(l)));
    const blockId = demo.blockIds[0]!;
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const up = (token: string, file: ReturnType<typeof multipart>) => t.app.inject({ method: 'POST', url: `/api/v1/standard_answer/upload_image?blockId=${blockId}`, payload: file.payload, headers: { ...file.headers, authorization: token } });
    const ok = await up(lesson1, multipart('answer.png', 'image/png', png));
    expect(ok.json().code, ok.json().msg).toBe(200);
    const [url] = ok.json().data.images as string[];
    expect(url).toMatch(new RegExp(`^standard_answer/image\\?blockId=${blockId}&name=[0-9a-f]{16}\\.png$`));
    // the marker: the image in the block's standard answer, the same bytes
    const info = await t.call({ url: `/api/v1/marking/block?blockId=${blockId}`, token: teacher1 });
    expect(info.body.data.standardAnswer.images).toEqual([url]);
    const img = await t.app.inject({ url: `/api/v1/${url}`, headers: { authorization: teacher1 } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.rawPayload, png)).toBe(0);
    // refusals, nothing stored
    const before = await t.database.db.selectFrom('marking_block').select('answer_images').where('id', '=', blockId).executeTakeFirstOrThrow();
    const notImage = await up(lesson1, multipart('answer.png', 'image/png', Buffer.from('not an image at all')));
    expect([notImage.json().code, notImage.json().msg]).toEqual([400, '只能上传 PNG 或 JPEG 图片']);
    const big = await up(lesson1, multipart('big.jpg', 'image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)])));
    expect([big.json().code, big.json().msg]).toEqual([413, '图片过大：标准答案图片不能超过 2 MB']);
    for (const token of [teacher1, head1, admin2]) expect((await up(token, multipart('answer.png', 'image/png', png))).json().code).toBe(403);
    for (const token of [head1, admin2]) expect((await t.app.inject({ url: `/api/v1/${url}`, headers: { authorization: token } })).json().code).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/standard_answer/image?blockId=${blockId}&name=0000000000000000.png`, headers: { authorization: teacher1 } })).json().code).toBe(404);
    const after = await t.database.db.selectFrom('marking_block').select('answer_images').where('id', '=', blockId).executeTakeFirstOrThrow();
    expect(after.answer_images).toEqual(before.answer_images);
    // the text beside it: saved by the leader, refused to the marker
    const text = '要点：列出方程 2 分，解出 x = 3 得 2 分。';
    expect((await t.call({ method: 'POST', url: '/api/v1/standard_answer/save_text', token: lesson1, payload: { blockId, text } })).body.code).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/standard_answer/save_text', token: teacher1, payload: { blockId, text: 'x' } })).body.code).toBe(403);
    expect((await t.call({ url: `/api/v1/marking/block?blockId=${blockId}`, token: teacher1 })).body.data.standardAnswer).toEqual({ text, images: [url] });
    // the leader deletes it: gone for the marker
    const name = url!.split('name=')[1];
    const del = await t.call({ method: 'POST', url: '/api/v1/standard_answer/delete_image', token: lesson1, payload: { blockId, name } });
    expect([del.body.code, del.body.data.images]).toEqual([200, []]);
    expect((await t.app.inject({ url: `/api/v1/${url}`, headers: { authorization: teacher1 } })).json().code).toBe(404);
    // ten images per block at most: the eleventh is refused and leaves no file
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
    for (let i = 0; i < 10; i++) expect((await up(lesson1, multipart(`a${i}.jpg`, 'image/jpeg', jpeg))).json().code).toBe(200);
    const eleventh = await up(lesson1, multipart('a10.jpg', 'image/jpeg', jpeg));
    expect([eleventh.json().code, eleventh.json().msg]).toEqual([400, '每个题块最多 10 张标准答案图片']);
    const school = await t.database.db.selectFrom('marking_block').select('school_id').where('id', '=', blockId).executeTakeFirstOrThrow();
    expect(readdirSync(path.join(dataDir, 'files', 'answers', String(school.school_id), String(blockId))).filter((f) => !f.endsWith('.part'))).toHaveLength(10);
  });

  it('lists my answer cards: the subject for its marker and leader, not for a teacher outside it', async () => {
    const rows = async (login: string) => ((await t.call({ url: '/api/v1/marking/myCards', token: await t.tokenFor(login) })).body.data as { examSubjectId: number; role: string; saved: boolean }[])
      .filter((r) => r.examSubjectId === demo.subjectId).map((r) => [r.role, r.saved]);
    expect(await rows('teacher1')).toEqual([['阅卷老师', false]]);
    expect(await rows('lesson1')).toEqual([['学科负责人', false]]);
    expect(await rows('admin')).toEqual([['学科负责人', false]]);
    expect(await rows('head1')).toEqual([]);
    expect(await rows('admin2')).toEqual([]);
  });

  it('answers the chart figures of a block: scores per band and marks per hour for each marker, to its leaders only', async () => {
    // teacher1's four marks of the second block (full 8, step 0.5) set to known totals and times; by hand: 17 bands
    // 0, 0.5, …, 8 (8 / 0.5 = 16 ≤ 30), 0 → band 0, 3.5 → band 7, 8 and 8 → band 16; hours 10:00, 11:00, 12:00 UTC → 2, 0, 2
    const db = t.database.db;
    const blockId = demo.blockIds[1]!;
    const tasks = await db.selectFrom('marking_task').select(['id', 'marker_id']).where('block_id', '=', blockId).where('submitted_at', 'is not', null).orderBy('id').execute();
    expect(tasks).toHaveLength(4);
    const set: [number, string][] = [[0, '2026-11-23T10:05:00Z'], [3.5, '2026-11-23T10:40:00Z'], [8, '2026-11-23T12:00:00Z'], [8, '2026-11-23T12:59:00Z']];
    for (const [i, [total, at]] of set.entries()) await db.updateTable('marking_task').set({ total, submitted_at: new Date(at) }).where('id', '=', tasks[i]!.id).execute();
    const r = await t.call({ url: `/api/v1/monitor/blockCharts?blockId=${blockId}`, token: await t.tokenFor('lesson1') });
    expect(r.body.code, r.body.msg).toBe(200);
    expect([r.body.data.fullScore, r.body.data.step, r.body.data.bands.length, r.body.data.bands[7]]).toEqual([8, 0.5, 17, '3.5']);
    expect(r.body.data.hours).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z', '2026-11-23T12:00:00.000Z']);
    const teacher1 = r.body.data.markers.find((m: { userId: number }) => m.userId === tasks[0]!.marker_id);
    const counts = Array(17).fill(0);
    counts[0] = 1; counts[7] = 1; counts[16] = 2;
    expect([teacher1.counts, teacher1.perHour]).toEqual([counts, [2, 0, 2]]);
    for (const m of r.body.data.markers) if (m !== teacher1) expect([m.counts.reduce((a: number, b: number) => a + b, 0), m.perHour]).toEqual([0, [0, 0, 0]]);
    for (const login of ['teacher1', 'head1', 'admin2']) {
      expect((await t.call({ url: `/api/v1/monitor/blockCharts?blockId=${blockId}`, token: await t.tokenFor(login) })).body.code, login).toBe(403);
    }
  });

  it('ends the stream of a 题组长 who stops leading the exam\'s blocks (access lost)', async () => {
    const db = t.database.db;
    const blockId = demo.blockIds[0]!;
    const before = await db.selectFrom('marking_block').select('leader_user_id').where('id', '=', blockId).executeTakeFirstOrThrow();
    const teacher1 = await db.selectFrom('app_user').select('id').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow();
    await db.updateTable('marking_block').set({ leader_user_id: teacher1.id }).where('id', '=', blockId).execute();
    const s = await openStream(base, await t.tokenFor('teacher1'), demo.examId);
    try {
      await s.until('hello', 3000);
      await db.updateTable('marking_block').set({ leader_user_id: before.leader_user_id }).where('id', '=', blockId).execute();
      expect((await s.until('end', 9000)).reason).toBe('forbidden');
    } finally {
      await s.close();
      await db.updateTable('marking_block').set({ leader_user_id: before.leader_user_id }).where('id', '=', blockId).execute();
    }
  }, 20_000);
});
