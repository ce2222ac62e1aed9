/**
 * Cards made elsewhere (templateConfirm; contract packages/shared/src/api/scan-template.ts): the blank card is
 * stored as one upright greyscale JPEG in the scan storage, the drawn template is checked against it and kept
 * as the exam subject's one current template. From then on new batches and re-recognition of the subject use it
 * (scan.service.ts cardLayout → thirdPartyLayout; scan.recognize.ts). Access is the scan routes' (scan.access.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { drawnShapeSchema, sheetTemplateSchema, templateProblems, type DrawnShapeBody, type SheetTemplateBody } from '@jz/shared/api/scan-template';
import type { Db } from '../../db/database.js';
import type { AppContext } from '../../core/context.js';
import { BizError, notFound } from '../../core/http.js';
import { assertNoNulFields } from '../../core/input-guard.js';
import { StorageNotFound } from '../../core/storage.js';
import { scanSubjectFor, type SchoolUser } from './scan.access.js';
import { decodePages, fitTemplateToBlank, importTemplate, snapDrawnShape, type Raster, type SheetTemplate } from './scan.engine.js';
import { decodeOnePage, PageInputError } from './scan.pages.js';
import * as repo from './scan-template.repository.js';

const MAX_BYTES = 50 * 1024 * 1024;
const MAX_TEMPLATE_BYTES = 2 * 1024 * 1024;
const prefix = (schoolId: number, examSubjectId: number) => `templates/${schoolId}/${examSubjectId}`;
const imageUrlOf = (examSubjectId: number, name: string) => `make_template/image?examSubjectId=${examSubjectId}&name=${name}`;
const NAME = /^blank-[0-9a-z-]{1,40}\.jpg$/;

export interface BlankCard { imageUrl: string; width: number; height: number }
export interface SavedTemplate extends BlankCard { template: SheetTemplateBody; drawing: unknown; updatedAt: number; updatedBy: string }

/** What a batch of a subject with a third-party template is recognised with (stored as the batch's card_layout). */
export interface ThirdPartyLayout { thirdParty: true; template: SheetTemplateBody; pages: [{ template: true }] }
export const isThirdParty = (layout: unknown): layout is ThirdPartyLayout => !!layout && (layout as { thirdParty?: unknown }).thirdParty === true;

export async function thirdPartyLayout(db: Db, schoolId: number, examSubjectId: number): Promise<ThirdPartyLayout | null> {
  const row = await repo.findTemplate(db, schoolId, examSubjectId);
  return row ? { thirdParty: true, template: row.template as SheetTemplateBody, pages: [{ template: true }] } : null;
}

export async function find(db: Db, user: SchoolUser, examSubjectId: number): Promise<SavedTemplate | null> {
  await scanSubjectFor(db, user, examSubjectId);
  const row = await repo.findTemplate(db, user.schoolId, examSubjectId);
  if (!row) return null;
  return {
    imageUrl: imageUrlOf(examSubjectId, row.imageKey.split('/').pop()!), width: row.width, height: row.height,
    template: row.template as SheetTemplateBody, drawing: row.drawing ?? null,
    updatedAt: Math.floor(new Date(row.updatedAt).getTime() / 1000), updatedBy: row.updatedBy ?? '',
  };
}

/** The multipart blank: field examSubjectId, then one file. Nothing is stored unless the file decodes. */
export async function blank(ctx: AppContext, req: FastifyRequest, user: SchoolUser): Promise<BlankCard> {
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传空白答题卡（字段 examSubjectId 与文件）');
  const file = await req.file({ limits: { fileSize: MAX_BYTES, files: 1, fields: 5, fieldSize: 64, parts: 6 } });
  if (!file) throw new BizError('请选择空白答题卡文件');
  assertNoNulFields(file.fields, file.filename);
  const field = file.fields.examSubjectId as { value?: unknown } | undefined;
  const examSubjectId = Number(field?.value ?? (req.query as { examSubjectId?: string }).examSubjectId);
  if (!Number.isInteger(examSubjectId) || examSubjectId <= 0) { file.file.resume(); throw new BizError('缺少考试科目（examSubjectId）'); }
  try {
    await scanSubjectFor(ctx.db, user, examSubjectId);
  } catch (e) {
    file.file.resume(); // refused before the file is read: drain it so the reply goes out
    throw e;
  }
  const bytes = await fileBytes(file, '文件过大：空白答题卡不能超过 50 MB');
  let first;
  try {
    // page 1 only, decoded off the event loop: a file of a thousand pages costs what its first page costs
    first = await decodeOnePage(bytes, 0);
  } catch (e) {
    if (e instanceof PageInputError) throw new BizError(e.message);
    throw new BizError('文件无法读取：请上传 JPG、PNG、TIFF、WebP 图片或 PDF');
  }
  const sharp = (await import('sharp')).default; // loaded on first use (memory of an idle api)
  const jpeg = await sharp(Buffer.from(first.data.buffer, first.data.byteOffset, first.width * first.height), { raw: { width: first.width, height: first.height, channels: 1 } })
    .toColourspace('b-w').jpeg({ quality: 90 }).toBuffer();
  const name = `blank-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}.jpg`;
  await ctx.storage.put(`${prefix(user.schoolId, examSubjectId)}/${name}`, jpeg);
  return { imageUrl: imageUrlOf(examSubjectId, name), width: first.width, height: first.height };
}

/** The stored blank named by name (from the imageUrl), of the caller's school and subject. */
export async function image(ctx: AppContext, user: SchoolUser, examSubjectId: number, name: string): Promise<Readable> {
  await scanSubjectFor(ctx.db, user, examSubjectId);
  if (!NAME.test(name)) throw notFound('图片');
  try {
    return await ctx.storage.getStream(`${prefix(user.schoolId, examSubjectId)}/${name}`);
  } catch (e) {
    if (e instanceof StorageNotFound) throw notFound('图片');
    throw e;
  }
}

export async function save(ctx: AppContext, user: SchoolUser, body: { examSubjectId: number; imageUrl: string; template: unknown; drawing?: unknown }): Promise<SavedTemplate> {
  const { db } = ctx;
  await editableSubject(db, user, body.examSubjectId);
  const parsed = sheetTemplateSchema.safeParse(body.template);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BizError(`模板有误（${issue.path.join('/')}）：${issue.message}`);
  }
  const key = blankKey(user, body.examSubjectId, body.imageUrl);
  const blankImage = await blankRaster(ctx, key);
  const size = { width: blankImage.width, height: blankImage.height };
  const drawn = templateProblems(parsed.data, size);
  if (drawn.length) throw new BizError(`模板有误：${drawn.join('；')}`);
  // measured on the blank as recognition measures the scans: anchors on their marks, printed letters found
  const fit = await fitTemplateToBlank(blankImage, parsed.data as SheetTemplate);
  if (fit.problems.length) throw new BizError(`模板与空白答题卡不符：${fit.problems.join('；')}`);
  return store(ctx, user, { examSubjectId: body.examSubjectId, key, size, template: fit.template, drawing: body.drawing });
}

/** make_template/snap: one shape the person drew, put onto what the blank prints there (the editor's snap). */
export async function snap(ctx: AppContext, user: SchoolUser, body: { examSubjectId: number; imageUrl: string; shape: unknown }): Promise<DrawnShapeBody> {
  await scanSubjectFor(ctx.db, user, body.examSubjectId);
  const parsed = drawnShapeSchema.safeParse(body.shape);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BizError(`框选区域有误（${issue.path.join('/')}）：${issue.message}`);
  }
  const blankImage = await blankRaster(ctx, blankKey(user, body.examSubjectId, body.imageUrl));
  const r = await snapDrawnShape(blankImage, parsed.data);
  if ('problem' in r) throw new BizError(r.problem);
  return r.shape;
}

/**
 * make_template/import: an OMRChecker template.json or FormScanner .xtmpl (the multipart file), placed on the
 * subject's blank and saved as its template. Settings in the query string, so access is checked before a byte
 * of the file is read.
 */
export async function importFile(ctx: AppContext, req: FastifyRequest, user: SchoolUser, q: { examSubjectId: number; imageUrl: string }): Promise<SavedTemplate & { warnings: string[] }> {
  await editableSubject(ctx.db, user, q.examSubjectId);
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传模板文件');
  const key = blankKey(user, q.examSubjectId, q.imageUrl);
  const file = await req.file({ limits: { fileSize: MAX_TEMPLATE_BYTES, files: 1, fields: 2, fieldSize: 300, parts: 3 } });
  if (!file) throw new BizError('请选择模板文件（OMRChecker 的 template.json 或 FormScanner 的 .xtmpl）');
  assertNoNulFields(file.fields, file.filename);
  const bytes = await fileBytes(file, '模板文件过大：不能超过 2 MB');
  const text = bytes.toString('utf8');
  if (text.includes('\u0000')) throw new BizError('模板文件含有非法字符（NUL）');
  const blankImage = await blankRaster(ctx, key);
  const name = (file.filename || '导入的模板').replace(/\.[^.]*$/, '').slice(0, 60);
  const r = await importTemplate(text, blankImage, name);
  if ('problem' in r) throw new BizError(`模板文件无法导入：${r.problem}`);
  const parsed = sheetTemplateSchema.safeParse(r.template);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BizError(`模板文件无法导入（${issue.path.join('/')}）：${issue.message}`);
  }
  const size = { width: blankImage.width, height: blankImage.height };
  const problems = templateProblems(parsed.data, size);
  if (problems.length) throw new BizError(`模板文件无法导入：${problems.join('；')}`);
  // how the source tool wrote its columns, so results can be shown the way the school knew them
  const drawing = { imported: r.source, fileName: file.filename.slice(0, 100), warnings: r.warnings, columns: r.columns, emptyValue: r.emptyValue };
  const saved = await store(ctx, user, { examSubjectId: q.examSubjectId, key, size, template: parsed.data, drawing });
  return { ...saved, warnings: r.warnings };
}

/** The multipart file's bytes; over its size limit: 413 with `tooLarge`. */
async function fileBytes(file: MultipartFile, tooLarge: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(tooLarge, 413);
    throw e;
  }
  if (file.file.truncated) throw new BizError(tooLarge, 413);
  return bytes;
}

async function editableSubject(db: Db, user: SchoolUser, examSubjectId: number) {
  const s = await scanSubjectFor(db, user, examSubjectId);
  if (s.exam.releasedAt) throw new BizError('成绩已发布，不能再修改答题卡模板');
  return s;
}

/** The storage key of a blank named by its imageUrl, which must be of this school and subject. */
function blankKey(user: SchoolUser, examSubjectId: number, imageUrl: string): string {
  const url = new URL(imageUrl.replace(/^\/?(api\/v1\/)?/, ''), 'http://x/');
  const name = url.searchParams.get('name') ?? '';
  if (url.pathname !== '/make_template/image' || url.searchParams.get('examSubjectId') !== String(examSubjectId) || !NAME.test(name)) {
    throw new BizError('空白答题卡图片不属于该考试科目，请重新上传');
  }
  return `${prefix(user.schoolId, examSubjectId)}/${name}`;
}

/** The stored blank as the engine reads it (its own pixels: template pixels are these). */
async function blankRaster(ctx: AppContext, key: string): Promise<Raster> {
  let bytes: Uint8Array;
  try {
    bytes = await ctx.storage.getBytes(key);
  } catch (e) {
    if (e instanceof StorageNotFound) throw new BizError('空白答题卡图片不存在，请重新上传');
    throw e;
  }
  const page = (await decodePages(bytes))[0];
  if (!page) throw new BizError('空白答题卡图片无法读取，请重新上传');
  return page;
}

async function store(ctx: AppContext, user: SchoolUser, v: { examSubjectId: number; key: string; size: { width: number; height: number }; template: unknown; drawing: unknown }): Promise<SavedTemplate> {
  await repo.saveTemplate(ctx.db, { schoolId: user.schoolId, examSubjectId: v.examSubjectId, imageKey: v.key, ...v.size, template: v.template, drawing: v.drawing, userId: user.id });
  return (await find(ctx.db, user, v.examSubjectId))!;
}
