import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * Teacher sign-up: refused while the school has not opened it, a request with the school's code, the school
 * approves it (the teacher logs in with the password chosen) or refuses it; five attempts per address and hour.
 */
describe.each(dbKinds)('teacher sign-up on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let addr = 0;
  const enc = (plain: string) =>
    publicEncrypt({ key: t.app.ctx.cipher.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  const signUp = (body: Record<string, unknown>, remoteAddress = `10.30.0.${++addr}`) =>
    t.call({ method: 'POST', url: '/api/v1/teach_login/sign_up', payload: { name: '新老师', password: enc('Xuexiao#2026'), confirmPassword: enc('Xuexiao#2026'), ...body }, remoteAddress });
  const count = async () => Number((await t.database.db.selectFrom('sign_up_request').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
  });
  afterAll(async () => { await t?.close(); });

  it('refuses a wrong code and a school that has not opened sign-up, and writes nothing', async () => {
    expect((await signUp({ registrationCode: 'NOPE1234', loginId: 'newt1' })).body).toMatchObject({ code: 400, msg: '学校注册码不正确，请向学校管理员索取' });
    // the first save draws the code; sign-up stays closed
    const closed = await t.call({ method: 'POST', url: '/api/v1/signUp/setting', token: admin, payload: { enabled: false } });
    expect(closed.body.data.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await signUp({ registrationCode: closed.body.data.code, loginId: 'newt1' })).body).toMatchObject({ code: 400, msg: '示例中学未开放教师注册，请联系学校管理员开通账号' });
    expect(await count()).toBe(0);
  });

  it('takes a request with the code, lets the school approve it, and the teacher logs in with the chosen password', async () => {
    const s = (await t.call({ method: 'POST', url: '/api/v1/signUp/setting', token: admin, payload: { enabled: true } })).body.data;
    expect(s.enabled).toBe(true);
    const res = await signUp({ registrationCode: s.code.toLowerCase(), loginId: 'newt1', phone: '13900001111' });
    expect(res.body).toMatchObject({ code: 200, msg: '注册申请已提交，请等待学校管理员审核通过后登录', data: { schoolName: '示例中学', status: 'pending' } });
    // not an account yet: the applicant (who knows the password) is told it waits; anyone else learns nothing new
    const before = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'newt1', password: enc('Xuexiao#2026') }, remoteAddress: '10.31.0.1' });
    expect(before.body).toMatchObject({ code: 400, msg: '注册申请正在等待学校管理员审核，审核通过后方可登录' });
    const guess = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'NEWT1', password: enc('Guess#2026x') }, remoteAddress: '10.31.0.1' });
    expect(guess.body).toMatchObject({ code: 400, msg: '账号或密码错误' });
    const student = await t.call({ method: 'POST', url: '/studentApi/v1/auth/login', payload: { loginId: 'newt1', password: enc('Xuexiao#2026') }, remoteAddress: '10.31.0.1' });
    expect(student.body.msg).toBe('账号或密码错误');
    // the same login while pending, an existing login, a weak password, passwords that differ
    expect((await signUp({ registrationCode: s.code, loginId: 'NEWT1' })).body.msg).toBe('登录账号「NEWT1」已被使用，请换一个');
    expect((await signUp({ registrationCode: s.code, loginId: 'teacher1' })).body.msg).toBe('登录账号「teacher1」已被使用，请换一个');
    expect((await signUp({ registrationCode: s.code, loginId: 'newt2', password: enc('123456'), confirmPassword: enc('123456') })).body.code).toBe(400);
    expect((await signUp({ registrationCode: s.code, loginId: 'newt2', confirmPassword: enc('Other#2026x') })).body.msg).toBe('两次输入密码不一致');

    const list = (await t.call({ url: '/api/v1/signUp/requests', token: admin })).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ loginId: 'newt1', name: '新老师', phone: '13900001111', status: 'pending' });
    expect((await t.call({ method: 'POST', url: '/api/v1/signUp/approve', token: admin, payload: { id: list[0].id } })).body.msg).toBe('已通过，教师可以登录了');
    expect((await t.call({ method: 'POST', url: '/api/v1/signUp/approve', token: admin, payload: { id: list[0].id } })).body.msg).toBe('该注册申请已处理');
    const login = await t.call<{ accessToken: string; mustChangePassword: boolean }>({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'newt1', password: enc('Xuexiao#2026') }, remoteAddress: '10.31.0.2' });
    expect(login.body.code, login.body.msg).toBe(200);
    expect(login.body.data.mustChangePassword).toBe(false);
    const teacher = await t.database.db.selectFrom('teacher').innerJoin('app_user', 'app_user.id', 'teacher.user_id').select(['teacher.name', 'teacher.phone', 'app_user.school_id'])
      .where('app_user.login_id', '=', 'newt1').executeTakeFirstOrThrow();
    const school = await t.database.db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    expect(teacher).toEqual({ name: '新老师', phone: '13900001111', school_id: school.id });
  });

  it('lets the school refuse a request with a reason, renew the code, and only those who manage teachers decide', async () => {
    const s = (await t.call({ url: '/api/v1/signUp/setting', token: admin })).body.data;
    await signUp({ registrationCode: s.code, loginId: 'newt3' });
    const id = (await t.call({ url: '/api/v1/signUp/requests', token: admin })).body.data[0].id;
    const head = await t.tokenFor('head1');
    expect((await t.call({ method: 'POST', url: '/api/v1/signUp/approve', token: head, payload: { id } })).body.code).toBe(403);
    expect((await t.call({ url: '/api/v1/signUp/requests', token: head })).body.code).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/signUp/reject', token: admin, payload: { id, reason: '非本校教师' } })).body.msg).toBe('已拒绝');
    const all = (await t.call({ url: '/api/v1/signUp/requests?status=rejected', token: admin })).body.data;
    expect(all[0]).toMatchObject({ loginId: 'newt3', status: 'rejected', reason: '非本校教师' });
    expect(await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'newt3').executeTakeFirst()).toBeUndefined();
    const refused = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'newt3', password: enc('Xuexiao#2026') }, remoteAddress: '10.31.0.3' });
    expect(refused.body).toMatchObject({ code: 400, msg: '注册申请未通过学校管理员审核（非本校教师），请联系学校管理员' });
    const wrong = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'newt3', password: enc('Guess#2026x') }, remoteAddress: '10.31.0.3' });
    expect(wrong.body.msg).toBe('账号或密码错误');
    const renewed = (await t.call({ method: 'POST', url: '/api/v1/signUp/setting', token: admin, payload: { enabled: true, renewCode: true } })).body.data;
    expect(renewed.code).not.toBe(s.code);
    expect((await signUp({ registrationCode: s.code, loginId: 'newt4' })).body.msg).toBe('学校注册码不正确，请向学校管理员索取');
  });

  it('allows five attempts per address and hour', async () => {
    const ip = '10.40.0.9';
    for (let i = 0; i < 5; i++) expect((await signUp({ registrationCode: 'WRONG' + i, loginId: 'x' + i + 'yz' }, ip)).body.msg).toBe('学校注册码不正确，请向学校管理员索取');
    const sixth = await signUp({ registrationCode: 'WRONG9', loginId: 'x9yz' }, ip);
    expect(sixth.body).toMatchObject({ code: 429 });
    expect(sixth.body.msg).toMatch(/^注册尝试过于频繁，请 \d+分钟 后再试$/);
  });
});
