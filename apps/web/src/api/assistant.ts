import type { AssistantChatBody, AssistantEvent, AssistantInfo, AssistantMessage, AssistantSchoolSetting, HuijiaoyanDraft, HuijiaoyanEvent } from '@jz/shared/api/assistant';
import { readSse } from '@/pages/marking/monitor/sse';
import { API_HOST, http, tokenStore } from '@/utils/request';

// AI 助手 and AI 慧教研 (packages/shared/src/api/assistant.ts).

/** AI 助手：欢迎语、推荐问题、可选模型与今日剩余次数 */
export const findAssistantInfo = () => http.get<AssistantInfo>('/assistant/info');
/** 我的对话记录 */
export const findAssistantHistory = (size = 50) => http.get<AssistantMessage[]>('/assistant/history', { size });
/** 清空我的对话记录 */
export const clearAssistantHistory = () => http.post<{ deleted: number }>('/assistant/clear_history');

/**
 * Asks the assistant: the answer streams as events until done or error; a refusal (bad input, no access, quota) is
 * a JSON body and comes back as one error event.
 */
export const askAssistant = (body: Partial<AssistantChatBody> & { examId: number; message: string }, onEvent: (e: AssistantEvent) => void, signal: AbortSignal) =>
  streamPost('/assistant/chat', body, onEvent, signal);

/** AI 慧教研：由所选模型撰写草稿（流式；离线或模型出错时为模板草稿） */
export const streamHuijiaoyanDraft = (body: { examId: number; courseCode: string; classId: number; model: string }, onEvent: (e: HuijiaoyanEvent) => void, signal: AbortSignal) =>
  streamPost('/aiHuijiaoyan/draft_stream', body, onEvent, signal);

/** POSTs and reads the text/event-stream answer; a JSON refusal or a broken connection comes back as an error event. */
async function streamPost<E>(path: string, body: unknown, onEvent: (e: E | { type: 'error'; msg: string }) => void, signal: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${API_HOST}/api/v1${path}`, {
      method: 'POST', signal,
      headers: { Authorization: tokenStore.get(), 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
    });
  } catch {
    if (!signal.aborted) onEvent({ type: 'error', msg: '网络错误，请检查网络连接' });
    return;
  }
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    const json = await res.json().catch(() => null) as { msg?: string } | null;
    onEvent({ type: 'error', msg: json?.msg ?? `请求失败（HTTP ${res.status}）` });
    return;
  }
  try {
    await readSse(res.body, (e) => onEvent(e.data as E));
  } catch {
    if (!signal.aborted) onEvent({ type: 'error', msg: '连接中断，请重试' });
  }
}

/** AI 慧教研：所选科目与班级的教研总结草稿 */
export const findHuijiaoyanDraft = (params: { examId: number | string; courseCode: string; classId: number }) => http.get<HuijiaoyanDraft>('/aiHuijiaoyan/draft', params);
/** AI 慧教研：导出 Word（.docx） */
export const exportHuijiaoyanDocx = (body: { examId: number; courseCode: string; classId: number; title: string; sections: { title: string; text: string }[] }) =>
  http.download('/aiHuijiaoyan/export_docx', body, 'POST');

/** AI 助手设置（学校管理员）：学生姓名开关、模型服务与今日次数限额 */
export const findAssistantSchoolSetting = () => http.get<AssistantSchoolSetting>('/assistant/school_setting');
/** AI 助手设置（学校管理员）：保存学生姓名开关 */
export const saveAssistantSchoolSetting = (body: { shareStudentNames: boolean }) => http.post<null>('/assistant/school_setting', body);
