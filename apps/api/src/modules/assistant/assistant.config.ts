/**
 * The assistant's model provider, from the environment: any OpenAI-compatible chat-completions endpoint (DeepSeek,
 * 通义千问 in DashScope compatible mode, 文心 on Qianfan, a local Ollama). Without a base URL the assistant runs in
 * its offline mode (report templates). The variables are listed in the README (Configuration); users never see them.
 */
export interface AssistantModel { id: string; label: string }
export interface AssistantConfig {
  /** Absent: offline mode. */
  provider?: {
    baseUrl: string;
    apiKey: string;
    models: AssistantModel[];
    /** The endpoint runs inside the school (e.g. Ollama): student names may be sent without the school's switch. */
    onPremises: boolean;
    timeoutMs: number;
  };
  schoolDailyLimit: number;
  userDailyLimit: number;
  perMinuteLimit: number;
}

const posInt = (v: string | undefined, def: number) => {
  const n = Number(v);
  return v && Number.isInteger(n) && n >= 0 ? n : def;
};

/** "deepseek-chat:DeepSeek,qwen-plus:通义千问" → models; a bare id is its own label. */
export function parseModels(list: string): AssistantModel[] {
  return list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const i = s.indexOf(':');
    return i < 0 ? { id: s, label: s } : { id: s.slice(0, i).trim(), label: s.slice(i + 1).trim() || s.slice(0, i).trim() };
  }).filter((m) => m.id);
}

export function loadAssistantConfig(env: NodeJS.ProcessEnv): AssistantConfig {
  const models = parseModels(env.ASSISTANT_MODELS ?? '');
  const baseUrl = (env.ASSISTANT_BASE_URL ?? '').trim();
  return {
    provider: baseUrl && models.length ? {
      baseUrl: baseUrl.replace(/\/$/, ''),
      apiKey: env.ASSISTANT_API_KEY || 'none',
      models,
      onPremises: env.ASSISTANT_ON_PREMISES === '1',
      timeoutMs: posInt(env.ASSISTANT_TIMEOUT_MS, 60_000),
    } : undefined,
    schoolDailyLimit: posInt(env.ASSISTANT_SCHOOL_DAILY_LIMIT, 2000),
    userDailyLimit: posInt(env.ASSISTANT_USER_DAILY_LIMIT, 100),
    perMinuteLimit: posInt(env.ASSISTANT_PER_MINUTE_LIMIT, 6),
  };
}
