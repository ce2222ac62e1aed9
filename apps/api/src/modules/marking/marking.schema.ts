/** Request and response schemas of the marking routes (contract: packages/shared/src/marking.ts). */
import { z } from 'zod';
import { id, int4 } from '@jz/shared/api/common';

const scores = z.array(z.number()).max(200);
const requestId = z.string().trim().min(1, '缺少请求编号').max(100);
const reason = z.string().max(500);

export const blockQuery = z.object({ blockId: id });
export const subjectQuery = z.object({ examSubjectId: id });
export const examQuery = z.object({ examId: id });
export const nextBody = z.object({ blockId: id, prefetch: z.union([z.literal(0), z.literal(1)]).optional() });
export const imageQuery = z.object({ taskId: id.optional(), paperId: id.optional() });
export const submitBody = z.object({ taskId: id, scores, requestId });
export const problemBody = z.object({ taskId: id, kind: z.enum(['blank', 'unclear', 'wrongBlock', 'copying', 'other']), note: z.string().max(500).optional() });
export const reviewQuery = z.object({ blockId: id, score: z.coerce.number().min(0).max(100000).optional(), page: int4.min(1).optional(), size: int4.min(1).max(200).optional() });
export const rescoreBody = z.object({ taskId: id, scores, requestId, reason: reason.optional() });
export const resolveBody = z.object({ paperId: id, scores: scores.optional(), action: z.enum(['score', 'return']) });
export const arbitrateBody = z.object({ paperId: id, scores, requestId });
export const overrideBody = z.object({ paperId: id.optional(), taskId: id.optional(), scores, reason });

const ratingMode = z.number().int().min(1, '评卷方式须为 1–5').max(5, '评卷方式须为 1–5');
export const allocationBody = z.object({
  examSubjectId: id,
  blocks: z.array(z.object({
    blockId: id.optional(),
    name: z.string().trim().min(1, '请输入题块名称').max(50),
    questionIds: z.array(id).min(1, '题块至少包含一道题').max(100),
    ratingMode,
    tolerance: z.number().min(0).max(1000).optional(),
    allocation: z.enum(['average', 'free', 'class']).optional(),
    leaseSeconds: z.number().int().min(10).max(7200).optional(),
    leaderUserId: id.nullable().optional(),
    answerText: z.string().max(20000).optional(),
    /** 个人一致性: a re-check every N submitted papers (0 = off); 试评: K trial papers (0 = off); left out = unchanged. */
    recheckInterval: z.number().int().min(0, '个人一致性间隔须为 0–10000 份').max(10000, '个人一致性间隔须为 0–10000 份').optional(),
    trialCount: z.number().int().min(0, '试评份数须为 0–50').max(50, '试评份数须为 0–50').optional(),
    markers: z.array(z.object({ userId: id, quota: int4.nullable().optional(), classIds: z.array(id).max(200).optional() })).max(500).optional(),
  })).max(100),
});
export const leaderBody = z.object({ blockId: id, userId: id.nullable() });
export const readerBody = z.object({ blockId: id, userIds: z.array(id).min(1).max(500), quota: int4.nullable().optional(), classIds: z.array(id).max(200).optional() });
export const delReaderBody = z.object({ blockId: id, userId: id });
/** answer/addTeach (GET): addReader's fields as query parameters; userIds as 1,2,3. */
export const addTeachQuery = z.object({
  blockId: id,
  userIds: z.string({ error: '请选择阅卷老师' }).regex(/^\d{1,10}(,\d{1,10}){0,499}$/, '阅卷老师编号应为以逗号分隔的数字').transform((v) => v.split(',').map(Number)),
  quota: int4.optional(),
});
export const samplingAddBody = z.object({ examSubjectId: id, questionId: id, name: z.string().trim().min(1, '请输入给分点名称').max(50), fullScore: z.number().positive().max(1000), step: z.number().positive().max(100) });
export const samplingUpdateBody = samplingAddBody.extend({ id: z.string().min(1).max(40) });
export const samplingDeleteBody = z.object({ examSubjectId: id, questionId: id, id: z.string().min(1).max(40) });
export const canMarkBody = z.object({ examSubjectId: id, blockId: id.optional(), canMark: z.boolean() });
export const clearBody = z.object({ examSubjectId: id, blockId: id.optional(), password: z.string().min(1, '请输入密码').max(2000) }); // RSA-OAEP ciphertext in base64 (344 characters for a 2048-bit key)

// ---------------------------------------------------------------- responses

const point = z.object({ id: z.string(), name: z.string(), fullScore: z.number(), step: z.number() });
const question = z.object({ questionId: z.number(), number: z.string(), fullScore: z.number(), step: z.number(), points: z.array(point) });
/** A user's counts in a block (docs/DOMAIN-RULES.md §4.1, 题块计数; @jz/shared/marking MarkingCounts). */
const counts = {
  assigned: z.number().describe('任务量'), done: z.number().describe('已阅'), remaining: z.number().describe('剩余 = 任务量 − 已阅'),
  fixed: z.boolean().describe('任务量为定额（配额或平均分配）；false 为自由领取：任务量 = 已阅 + 正在阅'),
  blockTasks: z.number().describe('题块评分任务'), blockDone: z.number().describe('题块已阅'), unclaimed: z.number().describe('题块待领取'),
};
export const taskRowSchema = z.object({
  examId: z.number(), examName: z.string(), examSubjectId: z.number(), subjectName: z.string(), blockId: z.number(), blockName: z.string(),
  role: z.enum(['marker', 'leader']), ...counts, ratingMode: z.number(), canMark: z.boolean(),
});
export const blockInfoSchema = z.object({
  blockId: z.number(), blockName: z.string(), examName: z.string(), subjectName: z.string(), questions: z.array(question), fullScore: z.number(),
  ratingMode: z.number(), leaseSeconds: z.number(), standardAnswer: z.object({ text: z.string(), images: z.array(z.string()) }), ...counts,
  role: z.enum(['marker', 'leader']), marks: z.boolean(), trialCount: z.number().optional(),
});
const chosen = z.object({ questionId: z.number(), number: z.string(), text: z.string() }).optional();
export const paperSchema = z.object({
  taskId: z.number(), paperId: z.number().optional(), round: z.number(), imageUrl: z.string(), leaseExpiresAt: z.string(),
  given: z.object({ scores: z.array(z.number()), total: z.number() }).optional(),
  chosen,
  trial: z.boolean().optional(),
});
export const submitResultSchema = z.object({ total: z.number(), state: z.enum(['done', 'waitingSecond', 'third', 'arbitration', 'final']) });
/** marking/submit also answers the caller's 已阅 on the block after the mark (the page's counter shows it). */
export const submitDoneSchema = submitResultSchema.extend({ done: z.number() });
export const reviewSchema = z.object({ rows: z.array(z.object({ taskId: z.number(), total: z.number(), scores: z.array(z.number()), submittedAt: z.string(), imageUrl: z.string(), chosen })), total: z.number() });
export const problemRowSchema = z.object({ paperId: z.number(), taskId: z.number().nullable(), kind: z.string(), note: z.string(), reporter: z.string().nullable(), createdAt: z.string(), imageUrl: z.string(), chosen });
export const arbitrationRowSchema = z.object({ paperId: z.number(), imageUrl: z.string(), scores: z.array(z.object({ marker: z.string(), total: z.number() })), chosen });
export const auditRowSchema = z.object({ paperId: z.number().nullable(), userName: z.string().nullable(), at: z.string(), kind: z.string(), old: z.unknown(), new: z.unknown(), reason: z.string() });

const markerRow = z.object({ userId: z.number(), userName: z.string(), loginId: z.string(), quota: z.number().nullable(), classIds: z.array(z.number()) });
export const groupSchema = z.object({
  blockId: z.number(), name: z.string(), sort: z.number(), ratingMode: z.number(), tolerance: z.number(), allocation: z.string(), leaseSeconds: z.number(),
  leaderUserId: z.number().nullable(), leaderName: z.string().nullable(), answerText: z.string(), canMark: z.boolean(), started: z.boolean(),
  fullScore: z.number(), questions: z.array(question), markers: z.array(markerRow), papers: z.number(), finalPapers: z.number(),
  recheckInterval: z.number(), trialCount: z.number(),
  /** 各校阅卷 (a joint exam's subject each school marks): 试评 is off and not offered */
  schoolMarked: z.boolean(),
});
export const userRowSchema = z.object({ userId: z.number(), userName: z.string(), loginId: z.string(), schoolId: z.number().optional(), schoolName: z.string().optional() });
export const leaderRowSchema = z.object({ blockId: z.number(), blockName: z.string(), userId: z.number().nullable(), userName: z.string().nullable() });
export const samplingRowSchema = z.object({ questionId: z.number(), number: z.string(), blockId: z.number(), fullScore: z.number(), step: z.number(), points: z.array(point) });
export const progressSchema = z.object({
  blockId: z.number(), blockName: z.string(), canMark: z.boolean(), papers: z.number(), finalPapers: z.number(), marksNeeded: z.number(), marksDone: z.number(),
  marksHeld: z.number().describe('正在阅'), unclaimed: z.number().describe('待领取：没有任何老师任务量覆盖的评分任务'),
  overAssigned: z.number().describe('各老师配额合计超出评分任务的部分'),
  hoursLeft: z.number().nullable().describe('预计还需（小时）：未阅评分任务 ÷ 阅卷老师每小时阅卷量之和；尚无速度时为 null'),
  problems: z.number(), arbitrations: z.number(), percent: z.number(),
});
export const topicSchema = z.object({ examSubjectId: z.number(), subjectName: z.string(), blocks: z.array(progressSchema) });
export const markerProgressSchema = z.object({
  userId: z.number(), userName: z.string(), assigned: z.number(), done: z.number(), remaining: z.number(), held: z.number(), papersPerHour: z.number(), mean: z.number().nullable(),
  fixed: z.boolean().describe('任务量为定额（配额或平均分配）'), current: z.boolean().describe('仍是该题块的阅卷老师（false：已移出，保留其已阅）'),
  hoursLeft: z.number().nullable().describe('按本人速度完成剩余任务量所需小时（仅定额）'),
  sd: z.number().nullable(), agreeRate: z.number().nullable(), blockMean: z.number().nullable(), blockSd: z.number().nullable(),
  blockAgreeRate: z.number().nullable(), thirdRate: z.number().nullable(),
});
export const trialPaperSchema = z.object({ paperId: z.number(), imageUrl: z.string(), chosen });
export const trialListSchema = z.object({
  trialCount: z.number(), tolerance: z.number(),
  papers: z.array(trialPaperSchema.extend({ scores: z.array(z.number()), total: z.number(), marked: z.number() })),
  markers: z.array(z.object({
    userId: z.number(), userName: z.string(), attempt: z.number(), passed: z.boolean(), passedAt: z.string().nullable(),
    done: z.number(), total: z.number(), within: z.number(), finished: z.boolean(),
    marks: z.array(z.object({ paperId: z.number(), reference: z.number(), mark: z.number().nullable(), within: z.boolean().nullable() })),
  })),
});
const qualityFigures = {
  marks: z.number(), paired: z.number(), within: z.number(), third: z.number(), withinPercent: z.number().nullable(), thirdPercent: z.number().nullable(),
  arbitrations: z.number(), safe: z.number(), safePercent: z.number().nullable(),
};
export const qualitySchema = z.object({
  tolerance: z.number(), fullScore: z.number(), step: z.number(), safeScore: z.number(),
  /** the block's own figures over every marker's marks */
  block: z.object({ ...qualityFigures, mean: z.number().nullable(), sd: z.number().nullable() }),
  rows: z.array(z.object({
    ...qualityFigures, userId: z.number(), userName: z.string(), mean: z.number(), diff: z.number(), sd: z.number(),
    /** 个人一致性: answered re-checks and the share within tolerance of the original mark */
    recheckCount: z.number(), consistencyPercent: z.number().nullable(),
  })),
});

// ---- block regions (0027; marking-region.service.ts) and 回收未阅 (marking-reassign.service.ts)
const nrect = { x: z.number().finite(), y: z.number().finite(), w: z.number().finite(), h: z.number().finite() };
const region = z.object({ page: z.number().int(), ...nrect });
export const regionPageQuery = z.object({ examSubjectId: id, page: z.coerce.number().int().min(1).max(20) });
export const saveRegionBody = z.object({ blockId: id, region: region.nullable() });
export const blockRegionsSchema = z.object({
  pages: z.array(z.object({
    page: z.number(), width: z.number(), height: z.number(), unit: z.string(), areas: z.array(z.object({ id: z.string(), ...nrect })),
    scan: z.object({ imageUrl: z.string(), map: z.object({ sx: z.number(), tx: z.number(), sy: z.number(), ty: z.number() }) }).nullable(),
  })),
  blocks: z.array(z.object({ blockId: z.number(), name: z.string(), started: z.boolean(), custom: z.boolean(), region: region.nullable() })),
});
export const reassignBody = z.object({ blockId: id, userId: id, toUserIds: z.array(id).max(200).optional() });
export const reassignSchema = z.object({
  released: z.number(), returned: z.number().nullable(), quotas: z.array(z.object({ userId: z.number(), userName: z.string(), quota: z.number().nullable() })),
});
