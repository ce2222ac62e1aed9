/**
 * Marking panel settings (spec §3, §9), kept in the browser under localStorage `markPanelSettings`.
 * Pure: reading and writing go through a Storage-like object handed in, so the rules are testable without a DOM.
 */
import { DEFAULT_MARKING_PANEL_SETTINGS, type MarkingPanelSettings } from '@jz/shared/exam';

/** The settings as the panel uses them: every field set (backgroundColor too). */
export type PanelSettings = Required<MarkingPanelSettings>;

export const PANEL_SETTINGS_KEY = 'markPanelSettings';

/** Spec §9 defaults; backgroundColor has none in the spec: white (see docs/DECISIONS.md). */
export const DEFAULT_PANEL_SETTINGS: Readonly<PanelSettings> = Object.freeze({ ...DEFAULT_MARKING_PANEL_SETTINGS, backgroundColor: '#FFFFFF' });

const COLOR = /^#[0-9a-fA-F]{6}$/;
const oneOf = (allowed: number[]) => (v: unknown): v is number => typeof v === 'number' && allowed.includes(v);
const CHECKS: { [K in keyof PanelSettings]: (v: unknown) => boolean } = {
  themeColor: (v) => typeof v === 'string' && COLOR.test(v),
  backGroundType: oneOf([1, 2]),
  backgroundColor: (v) => typeof v === 'string' && COLOR.test(v),
  showAdvancedFeatures: oneOf([0, 1]),
  showAllRight: oneOf([0, 1]),
  giveScorePanelType: oneOf([1, 2]),
  panelDerection: oneOf([1, 2]),
  panelRow: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 10,
  panelTransparency: (v) => typeof v === 'number' && v >= 0.3 && v <= 1,
};

/** Keeps each valid field of `raw`; a missing or bad field takes its default. */
export function normalizeSettings(raw: unknown): PanelSettings {
  const out: PanelSettings = { ...DEFAULT_PANEL_SETTINGS };
  if (!raw || typeof raw !== 'object') return out;
  const src = raw as Record<string, unknown>;
  for (const key of Object.keys(CHECKS) as (keyof PanelSettings)[]) {
    if (CHECKS[key](src[key])) (out as unknown as Record<string, unknown>)[key] = src[key];
  }
  return out;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function loadSettings(store: KeyValueStore): PanelSettings {
  try {
    const raw = store.getItem(PANEL_SETTINGS_KEY);
    return normalizeSettings(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...DEFAULT_PANEL_SETTINGS };
  }
}

export function saveSettings(store: KeyValueStore, settings: PanelSettings): PanelSettings {
  const clean = normalizeSettings(settings);
  store.setItem(PANEL_SETTINGS_KEY, JSON.stringify(clean));
  return clean;
}

/** The panel's background colour and opacity as the settings ask. */
export function panelBackground(s: PanelSettings): { background: string; opacity: number } {
  return { background: s.backGroundType === 2 ? s.backgroundColor : s.themeColor, opacity: s.panelTransparency };
}
