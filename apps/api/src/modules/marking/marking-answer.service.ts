/**
 * Standard answer per block: its text (saveText) and images (标答 beside the text; docs/DECISIONS.md "Standard-answer images"): PNG or
 * JPEG up to 2 MB, at most 10 per block, uploaded and deleted by the block's leaders (题组长, or whoever may edit
 * the subject), read by the block's markers and leaders of the same school only. Stored through the storage
 * interface under answers/<school>/<block>/<random>.<png|jpg>; the block row keeps the names.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { BizError, notFound } from '../../core/http.js';
import { assertNoNulFields } from '../../core/input-guard.js';
import { StorageNotFound } from '../../core/storage.js';
import type { Tx } from '../../db/database.js';
import { blockFor, type SchoolUser } from './marking.access.js';
import * as repo from './marking-answer.repository.js';
import { updateBlock } from './marking.repository.js';

export const ANSWER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const ANSWER_IMAGES_PER_BLOCK = 10;
const NAME = /^[0-9a-f]{16}\.(png|jpg)$/;
const keyOf = (schoolId: number, blockId: number, name: string) => `answers/${schoolId}/${blockId}/${name}`;
export const answerImageUrl = (blockId: number, name: string) => `standard_answer/image?blockId=${blockId}&name=${name}`;

/**
 * The storage keys of the 标答 images of blocks a command is deleting (read in its transaction, before the delete):
 * the caller removes them with dropAnswerFiles once the transaction committed (a rolled-back delete keeps them).
 */
export async function answerFilesOf(tx: Tx, where: { blockIds: number[] } | { examId: number }): Promise<string[]> {
  return (await repo.answerImagesOf(tx, where)).flatMap((b) => b.names.map((n) => keyOf(b.schoolId, b.blockId, n)));
}

/**
 * Deletes committed-away 标答 files. The command already succeeded, so a file that cannot be deleted is reported
 * (console) and skipped, not turned into an error; nothing reads it any more (its block or name is gone).
 */
export async function dropAnswerFiles(ctx: AppContext, keys: string[]): Promise<void> {
  const storage = ctx.storage;
  for (const key of keys) await storage.delete(key).catch((e: unknown) => console.error(`标准答案图片删除失败：${key}`, e));
}

/** The format of the bytes by their signature (the file name and declared type are not trusted). */
export function imageKind(bytes: Buffer): 'png' | 'jpg' | null {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/** The standard answer's text and scoring notes (the block's leaders; a marker sees them in 标答). */
export async function saveText(ctx: AppContext, user: SchoolUser, blockId: number, text: string): Promise<void> {
  await blockFor(ctx.db, user, blockId, 'leader');
  await ctx.db.transaction().execute((tx) => updateBlock(tx, blockId, { answerText: text }));
}

export async function list(ctx: AppContext, user: SchoolUser, blockId: number): Promise<string[]> {
  const { block } = await blockFor(ctx.db, user, blockId);
  return block.answerImages.map((n) => answerImageUrl(blockId, n));
}

/** One multipart file for the block of the query; nothing is stored unless it is a PNG or JPEG within the limits. */
export async function upload(ctx: AppContext, req: FastifyRequest, user: SchoolUser, blockId: number): Promise<string[]> {
  await blockFor(ctx.db, user, blockId, 'leader');
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传图片');
  const file = await req.file({ limits: { fileSize: ANSWER_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 64, parts: 6 } });
  if (!file) throw new BizError('请选择图片');
  assertNoNulFields(file.fields, file.filename);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError('图片过大：标准答案图片不能超过 2 MB', 413);
    throw e;
  }
  if (file.file.truncated) throw new BizError('图片过大：标准答案图片不能超过 2 MB', 413);
  const kind = imageKind(bytes);
  if (!kind) throw new BizError('只能上传 PNG 或 JPEG 图片');
  const name = `${randomBytes(8).toString('hex')}.${kind}`;
  const storage = ctx.storage;
  await storage.put(keyOf(user.schoolId, blockId, name), bytes, { maxBytes: ANSWER_IMAGE_MAX_BYTES });
  try {
    return await ctx.db.transaction().execute(async (tx) => {
      const names = await repo.lockAnswerImages(tx, blockId);
      if (names.length >= ANSWER_IMAGES_PER_BLOCK) throw new BizError(`每个题块最多 ${ANSWER_IMAGES_PER_BLOCK} 张标准答案图片`);
      const next = [...names, name];
      await repo.setAnswerImages(tx, blockId, next);
      return next.map((n) => answerImageUrl(blockId, n));
    });
  } catch (e) {
    await storage.delete(keyOf(user.schoolId, blockId, name)); // the row was not changed: leave no file behind
    throw e;
  }
}

export async function remove(ctx: AppContext, user: SchoolUser, blockId: number, name: string): Promise<string[]> {
  await blockFor(ctx.db, user, blockId, 'leader');
  const next = await ctx.db.transaction().execute(async (tx) => {
    const names = await repo.lockAnswerImages(tx, blockId);
    if (!names.includes(name)) throw notFound('图片');
    const rest = names.filter((n) => n !== name);
    await repo.setAnswerImages(tx, blockId, rest);
    return rest;
  });
  await dropAnswerFiles(ctx, [keyOf(user.schoolId, blockId, name)]);
  return next.map((n) => answerImageUrl(blockId, n));
}

/** An image of the block for its markers and leaders. */
export async function image(ctx: AppContext, user: SchoolUser, blockId: number, name: string): Promise<{ stream: Readable; type: string }> {
  const { block } = await blockFor(ctx.db, user, blockId);
  if (!NAME.test(name) || !block.answerImages.includes(name)) throw notFound('图片');
  try {
    return { stream: await ctx.storage.getStream(keyOf(user.schoolId, blockId, name)), type: name.endsWith('.png') ? 'image/png' : 'image/jpeg' };
  } catch (e) {
    if (e instanceof StorageNotFound) throw notFound('图片');
    throw e;
  }
}
