import { API_HOST, http, tokenStore } from '@/utils/request';
import { readSse, type SseEvent } from '@/pages/marking/monitor/sse';

// Live marking monitor, standard-answer images and 我的答题卡 (docs/DECISIONS.md of the api).

export interface MyCardRow { examId: number; examName: string; examSubjectId: number; subjectName: string; role: string; saved: boolean; updatedAt: string | null }

/** 我的答题卡：我负责或参与阅卷的考试科目 */
export const findMyCards = () => http.get<MyCardRow[]>('/marking/myCards');
/** 题块的标准答案图片地址 */
export const findAnswerImages = (blockId: number) => http.get<{ images: string[] }>('/standard_answer/images', { blockId });
/** 上传标准答案图片（PNG/JPEG，≤ 2 MB） */
export const uploadAnswerImage = (blockId: number, file: File | Blob) => http.upload<{ images: string[] }>(`/standard_answer/upload_image?blockId=${blockId}`, file);
/** 删除标准答案图片 */
export const deleteAnswerImage = (blockId: number, name: string) => http.post<{ images: string[] }>('/standard_answer/delete_image', { blockId, name });

/** Why a stream stopped: refused (JSON answer: no access, too many) → stay on polling; closed → may reconnect. */
export type StreamEnd = { kind: 'refused'; msg: string } | { kind: 'ended'; reason: string } | { kind: 'dropped' };

/**
 * 阅卷监控实时事件：reads GET /marking/monitor/events with the token (EventSource cannot send it) until the server
 * ends it, the connection drops or `signal` aborts; each event goes to onEvent.
 */
export async function streamMonitorEvents(examId: number, onEvent: (e: SseEvent) => void, signal: AbortSignal): Promise<StreamEnd> {
  let res: Response;
  try {
    res = await fetch(`${API_HOST}/api/v1/marking/monitor/events?examId=${examId}`, { headers: { Authorization: tokenStore.get(), Accept: 'text/event-stream' }, signal });
  } catch {
    return { kind: 'dropped' };
  }
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    const body = await res.json().catch(() => null) as { msg?: string } | null;
    return { kind: 'refused', msg: body?.msg ?? `HTTP ${res.status}` };
  }
  let reason = '';
  try {
    await readSse(res.body, (e) => {
      if (e.event === 'end') reason = String((e.data as { reason?: string } | null)?.reason ?? '');
      onEvent(e);
    });
  } catch {
    return { kind: 'dropped' };
  }
  return reason ? { kind: 'ended', reason } : { kind: 'dropped' };
}
/** 保存题块的标准答案与评分细则（文字） */
export const saveAnswerText = (blockId: number, text: string) => http.post<null>('/standard_answer/save_text', { blockId, text });

export interface BlockCharts {
  blockId: number; blockName: string; fullScore: number; step: number; bands: string[]; hours: string[];
  markers: { userId: number; userName: string; counts: number[]; perHour: number[] }[];
}
/** 阅卷监控详情图表：题块内每位老师的分数分布与每小时阅卷量 */
export const findBlockCharts = (blockId: number) => http.get<BlockCharts>('/monitor/blockCharts', { blockId });
