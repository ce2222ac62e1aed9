import { z } from 'zod';
import { id, trimmed } from './common.js';

/**
 * The AI assistant (the drawer on every staff page) and AI 慧教研: contract shared by the api and the web app.
 * Answers are drafts built from the school's own report data; every number cites the tool result it came from.
 */

export const ASSISTANT_WELCOME = '你好，我是精准教学 AI 助手。我会根据本校已发布的考试报告回答问题：薄弱班级与学科、得分率低的知识点、进步与退步的学生、上线临界生等。回答仅是草稿，请核对后再使用，不会发送给学生。';

/** The suggested questions; the offline mode answers each of them from report templates. */
export const ASSISTANT_SUGGESTIONS = [
  '本次考试的总体情况如何？',
  '哪些班级在哪些学科最薄弱？',
  '哪些知识点得分率最低？',
  '哪些题目得分率最低？',
  '哪些学生进步和退步最多？',
  '哪些学生在上线临界？',
] as const;

/** The model chooser's value of the offline mode (report templates, no provider). */
export const OFFLINE_MODEL = 'offline';
export const OFFLINE_MODEL_LABEL = '离线模式（报告模板）';

/** One fact of a tool result: a readable label and its value as shown (numbers rounded as in the reports). */
export const factSchema = z.object({ label: z.string(), value: z.string() });
/** A tool result an answer drew on: S1, S2 … in the order the tools were called. */
export const sourceSchema = z.object({ id: z.string(), tool: z.string(), title: z.string(), facts: z.array(factSchema) });
export type AssistantSource = z.infer<typeof sourceSchema>;

export const assistantMessageSchema = z.object({
  id: z.number(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  examId: z.number().nullable(),
  model: z.string(),
  sources: z.array(sourceSchema),
  /** Numbers of the answer found in none of its sources (shown as a warning under the answer). */
  unsourced: z.array(z.string()),
  createdAt: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const assistantInfoSchema = z.object({
  welcome: z.string(),
  suggestions: z.array(z.string()),
  models: z.array(z.object({ value: z.string(), label: z.string() })),
  offline: z.boolean(),
  /** Today's calls left to the caller (the smaller of the user's and the school's quota). */
  remainingToday: z.number(),
  shareStudentNames: z.boolean(),
});
export type AssistantInfo = z.infer<typeof assistantInfoSchema>;

export const ASSISTANT_MESSAGE_MAX = 2000;
export const ASSISTANT_ATTACHMENT_MAX = 20_000;

export const assistantChatBody = z.object({
  examId: id,
  /** 0 = every class the caller may see. */
  classId: z.coerce.number().int().min(0).default(0),
  /** '0' = 总分 / every subject the caller may see. */
  courseCode: z.preprocess((v) => (v === undefined || v === null || v === '' ? '0' : v), z.string().max(20)),
  message: trimmed().min(1, '请输入问题').max(ASSISTANT_MESSAGE_MAX, `问题不能超过 ${ASSISTANT_MESSAGE_MAX} 字`),
  model: z.string().max(100).default(OFFLINE_MODEL),
  /** A text file the user attached (read in the browser): its name and text. */
  attachment: z.object({ name: trimmed().min(1).max(200), text: z.string().max(ASSISTANT_ATTACHMENT_MAX, `附件内容不能超过 ${ASSISTANT_ATTACHMENT_MAX} 字`) }).optional(),
});
export type AssistantChatBody = z.infer<typeof assistantChatBody>;

/** Server-sent events of POST assistant/chat (one JSON object per `data:` line). */
export type AssistantEvent =
  | { type: 'start'; offline: boolean; model: string }
  | { type: 'tool'; name: string; title: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: AssistantMessage }
  | { type: 'error'; msg: string };

export const assistantHistoryQuery = z.object({ size: z.coerce.number().int().min(1).max(200).default(50) });
export const assistantSettingBody = z.object({ shareStudentNames: z.boolean() });
/** The school administrator's AI 助手 settings screen: the switch, the provider as configured, today's quotas. */
export const assistantSchoolSettingSchema = z.object({
  shareStudentNames: z.boolean(),
  /** No provider: the offline mode only. */
  providerConfigured: z.boolean(),
  /** The provider runs inside the school: names are sent whatever the switch says. */
  onPremises: z.boolean(),
  models: z.array(z.string()),
  schoolDailyLimit: z.number(),
  userDailyLimit: z.number(),
  perMinuteLimit: z.number(),
  /** Calls the school made today (questions and model-written 慧教研 drafts). */
  schoolUsedToday: z.number(),
});
export type AssistantSchoolSetting = z.infer<typeof assistantSchoolSettingSchema>;

// ---- AI 慧教研 (report child aiHuijiaoyan)
export const huijiaoyanQuery = z.object({
  examId: id,
  courseCode: z.preprocess((v) => (v === undefined || v === null || v === '' ? '0' : v), z.string().max(20)),
  classId: z.coerce.number().int().min(0).default(0),
});
export const huijiaoyanSectionSchema = z.object({ title: trimmed().min(1).max(100), text: z.string().max(20_000) });
export const huijiaoyanDraftSchema = z.object({
  title: z.string(),
  examName: z.string(),
  courseName: z.string(),
  className: z.string(),
  offline: z.boolean(),
  sections: z.array(huijiaoyanSectionSchema),
  sources: z.array(sourceSchema),
  /** The model that wrote the draft; absent for the template draft. */
  model: z.string().optional(),
  /** Why the template draft stands in for the model's (provider error, quota), in Chinese. */
  notice: z.string().optional(),
  /** Numbers of the model's draft found in none of its sources. */
  unsourced: z.array(z.string()).optional(),
});
export type HuijiaoyanDraft = z.infer<typeof huijiaoyanDraftSchema>;
export const huijiaoyanExportBody = huijiaoyanQuery.extend({
  title: trimmed().min(1, '请输入标题').max(200),
  sections: z.array(huijiaoyanSectionSchema).min(1, '没有可导出的内容').max(20),
});
/** The draft written by a model (or the templates for 'offline'), streamed as HuijiaoyanEvent. */
export const huijiaoyanStreamBody = huijiaoyanQuery.extend({ model: z.string().max(100).default(OFFLINE_MODEL) });
export type HuijiaoyanEvent =
  | { type: 'start'; offline: boolean; model: string }
  | { type: 'tool'; name: string; title: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; draft: HuijiaoyanDraft }
  | { type: 'error'; msg: string };
