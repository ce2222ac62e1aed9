import OpenAI from 'openai';
import { BizError } from '../../core/http.js';

/** The provider answered something the assistant cannot use (no text, an unknown tool, arguments that are not JSON). */
export class ProviderReplyError extends Error {}

/** What the teacher reads when the provider fails: down, slow, refusing, or talking nonsense. */
export function providerMessage(err: unknown, clientSignal: AbortSignal): string {
  if (err instanceof BizError) return err.message;
  if (clientSignal.aborted) return '已停止回答';
  if (err instanceof ProviderReplyError || err instanceof SyntaxError) return 'AI 模型服务返回了无法识别的内容，请稍后再试或使用离线模式';
  if (err instanceof OpenAI.APIConnectionTimeoutError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) || err instanceof OpenAI.APIUserAbortError) {
    return 'AI 模型服务响应超时，请稍后再试或使用离线模式';
  }
  if (err instanceof OpenAI.APIConnectionError) return '无法连接 AI 模型服务，请稍后再试或使用离线模式';
  if (err instanceof OpenAI.APIError) {
    if (err.status === 401 || err.status === 403) return 'AI 模型服务拒绝了请求（密钥无效或无权使用该模型），请联系管理员';
    if (err.status === 429) return 'AI 模型服务繁忙或额度已用完，请稍后再试';
    if (err.status === undefined) return 'AI 模型服务返回了无法识别的内容，请稍后再试或使用离线模式';
    return `AI 模型服务出错（状态 ${err.status}），请稍后再试或使用离线模式`;
  }
  return 'AI 模型服务返回了无法识别的内容，请稍后再试或使用离线模式';
}
