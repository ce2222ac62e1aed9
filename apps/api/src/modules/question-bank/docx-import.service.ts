/**
 * 导入试卷 (.docx): the paper is split into questions (packages/shared/src/docx), shown as a preview (images as
 * data: URLs, nothing stored), and written on confirmation: the same file is sent again with the preview's digest,
 * its images go to the Storage and every question is inserted in one transaction. Any question that cannot be
 * read (a formula that will not convert, an object, an image too large or of a kind a browser cannot show) refuses
 * the whole paper with a message naming 第 N 题; nothing is written.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readDocument, readRelationships } from '@jz/shared/docx/document';
import { IMAGE_SCHEME, splitPaper, type PaperQuestion } from '@jz/shared/docx/paper';
import { XmlError } from '@jz/shared/docx/xml';
import { STEM_MAX } from '@jz/shared/api/question-bank';
import type { Db } from '../../db/database.js';
import type { Storage } from '../../core/storage.js';
import { BizError, forbidden } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as repo from './question-bank.repository.js';
import { canEditQuestions, knownCourse } from './question-bank.service.js';
import { DOCX_LIMITS, NOT_DOCX, mb, openDocx } from './docx-zip.js';

interface Media { bytes: Buffer; mime: string; ext: string }
interface Paper { questions: PaperQuestion[]; media: Map<string, Media>; digest: string }

/** Image kinds a browser shows, told by their first bytes (the part's name is not trusted). */
function sniff(b: Buffer): { mime: string; ext: string } | null {
  if (b.length > 8 && b.readUInt32BE(0) === 0x89504e47) return { mime: 'image/png', ext: 'png' };
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (b.length > 6 && b.subarray(0, 4).toString('latin1') === 'GIF8') return { mime: 'image/gif', ext: 'gif' };
  if (b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  return null;
}

const MAX_LISTED = 5;

async function readPaper(buffer: Buffer): Promise<Paper> {
  if (buffer.length > DOCX_LIMITS.fileBytes) throw new BizError(`文件过大：试卷文件不能超过 ${mb(DOCX_LIMITS.fileBytes)}`, 413);
  const zip = await openDocx(buffer);
  try {
    const documentXml = await zip.read('word/document.xml');
    if (!documentXml) throw new BizError(NOT_DOCX);
    const relsXml = await zip.read('word/_rels/document.xml.rels');
    let paragraphs;
    try {
      paragraphs = readDocument(documentXml.toString('utf8'), relsXml ? readRelationships(relsXml.toString('utf8')) : new Map());
    } catch (err) {
      if (err instanceof XmlError) throw new BizError(`${NOT_DOCX}（文档内容损坏：${err.message}）`);
      throw err;
    }
    const { questions, errors } = splitPaper(paragraphs);
    if (!questions.length) throw new BizError('没有识别到试题：每题另起一段，以题号“1.”“2.”……开头');
    if (questions.length > DOCX_LIMITS.questions) {
      throw new BizError(`试卷共 ${questions.length} 题，超过每次导入 ${DOCX_LIMITS.questions} 题的上限，请分成几份导入`);
    }
    const media = new Map<string, Media>();
    for (const q of questions) {
      for (const part of new Set(q.images)) {
        if (media.has(part)) continue;
        const bytes = await zip.read(part, { bytes: DOCX_LIMITS.imageBytes, message: `第 ${q.no} 题的图片超过 ${mb(DOCX_LIMITS.imageBytes)}，请压缩图片后再导入` });
        const kind = bytes && sniff(bytes);
        if (!bytes) q.errors.push('图片缺少对应的文件');
        else if (!kind) q.errors.push(`图片“${part.split('/').pop()}”不是 PNG、JPEG、GIF 或 WebP 格式（如 EMF/WMF），请在 Word 中另存为 PNG 后再导入`);
        else media.set(part, { bytes, ...kind });
      }
      if (q.stem.length > STEM_MAX) q.errors.push(`题干超过 ${STEM_MAX} 个字符`);
      if (q.type === 'single' || q.type === 'multiple') {
        const labels = q.options.map((o) => o.label);
        const key = q.answer.toUpperCase().replace(/[\s,，、]/g, '');
        if (key && [...key].some((c) => !labels.includes(c))) q.errors.push(`答案“${q.answer.slice(0, 10)}”不在选项中`);
      }
    }
    const problems = [
      ...errors.map((e) => `试卷开头：${e}`),
      ...questions.flatMap((q) => q.errors.map((e) => `第 ${q.no} 题：${e}`)),
    ];
    if (problems.length) {
      const shown = problems.slice(0, MAX_LISTED).join('；') + (problems.length > MAX_LISTED ? `；等共 ${problems.length} 处` : '');
      throw new BizError(`试卷无法导入，未写入任何试题。${shown}`, 400, { errors: problems });
    }
    return { questions, media, digest: createHash('sha256').update(buffer).digest('hex') };
  } finally {
    zip.close();
  }
}

/** Replaces each docx:part image source of a question's HTML. */
function withImages(q: PaperQuestion, src: (part: string) => string): PaperQuestion {
  const sub = (h: string) => h.replace(new RegExp(`src="${IMAGE_SCHEME}([^"]*)"`, 'g'), (_m, part: string) => `src="${src(part.replace(/&amp;/g, '&'))}"`);
  return { ...q, stem: sub(q.stem), analysis: sub(q.analysis), options: q.options.map((o) => ({ ...o, content: sub(o.content) })) };
}

const view = (q: PaperQuestion) => ({ no: q.no, section: q.section, type: q.type, stem: q.stem, options: q.options, answer: q.answer, analysis: q.analysis });

async function editable(db: Db, user: SchoolUser, courseCode: string) {
  await knownCourse(db, user, courseCode);
  if (!canEditQuestions(user, courseCode)) throw forbidden();
}

export async function preview(db: Db, user: SchoolUser, courseCode: string, receive: () => Promise<Buffer>) {
  await editable(db, user, courseCode);
  const paper = await readPaper(await receive());
  const dataUrl = (part: string) => {
    const m = paper.media.get(part)!;
    return `data:${m.mime};base64,${m.bytes.toString('base64')}`;
  };
  return { digest: paper.digest, questions: paper.questions.map((q) => view(withImages(q, dataUrl))) };
}

/** Where an imported image is served (question-bank image route; the key holds an unguessable name). */
export const imageUrl = (key: string) => `/api/v1/question_bank/image/${key.slice('bank-images/'.length)}`;

export async function confirm(db: Db, storage: Storage, user: SchoolUser, q: { courseCode: string; digest: string }, receive: () => Promise<Buffer>) {
  await editable(db, user, q.courseCode);
  const paper = await readPaper(await receive());
  if (paper.digest !== q.digest) throw new BizError('上传的文件与预览的不一致，请重新预览后再确认');
  const keys = new Map<string, string>();
  try {
    for (const [part, m] of paper.media) {
      const key = `bank-images/${user.schoolId}/${randomUUID()}.${m.ext}`;
      await storage.put(key, m.bytes, { maxBytes: DOCX_LIMITS.imageBytes });
      keys.set(part, key);
    }
    const ids = await db.transaction().execute(async (tx) => {
      const out: number[] = [];
      for (const pq of paper.questions) {
        const x = withImages(pq, (part) => imageUrl(keys.get(part)!));
        const choice = x.type === 'single' || x.type === 'multiple';
        out.push(await repo.insertQuestion(tx, user.schoolId, user.id, {
          course_code: q.courseCode, type: x.type, stem: x.stem, options: JSON.stringify(choice ? x.options : []),
          answer: x.answer, analysis: x.analysis, difficulty: null, tags: [],
        }));
      }
      return out;
    });
    return { created: ids.length, ids };
  } catch (err) {
    await Promise.all([...keys.values()].map((k) => storage.delete(k).catch(() => undefined)));
    throw err;
  }
}

const IMAGE_NAME = /^([0-9a-f-]{36})\.(png|jpg|gif|webp)$/;
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** An imported image of the caller's school by its name (uuid.ext); null when malformed, absent or another school's. */
export async function image(storage: Storage, user: SchoolUser, schoolId: string, name: string): Promise<{ bytes: Buffer; mime: string } | null> {
  const m = IMAGE_NAME.exec(name);
  if (!m || schoolId !== String(user.schoolId)) return null;
  const key = `bank-images/${user.schoolId}/${name}`;
  if (!(await storage.stat(key))) return null;
  return { bytes: await storage.getBytes(key), mime: MIME[m[2]!]! };
}

const IMAGE_SRC = /src="\/api\/v1\/question_bank\/image\/(\d{1,9})\/([0-9a-f-]{36}\.(?:png|jpg|gif|webp))"/g;

/**
 * The HTML with the caller's school's imported images written inline as data: URLs, for documents built on the
 * server (the Word export, printed pages) that cannot fetch them with a session.
 */
export async function inlineImages(storage: Storage, user: SchoolUser, html: string): Promise<string> {
  const found = new Map<string, string>();
  for (const m of html.matchAll(IMAGE_SRC)) {
    if (found.has(m[0])) continue;
    const img = await image(storage, user, m[1]!, m[2]!);
    found.set(m[0], img ? `src="data:${img.mime};base64,${img.bytes.toString('base64')}"` : 'src=""');
  }
  return found.size ? html.replace(IMAGE_SRC, (all) => found.get(all)!) : html;
}
