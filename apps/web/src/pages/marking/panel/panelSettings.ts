/**
 * Marking panel settings (spec §3, §9), kept in the browser under localStorage `markPanelSettings`.
 * Pure: reading and writing go through a Storage-like object handed in, so the rules are testable without a DOM.
 */

export interface PanelSettings {
  /** Panel colour. */
  themeColor: string;
  /** 1 = the panel takes themeColor; 2 = it takes backgroundColor. */
  backGroundType: number;
  /** Custom panel colour used when backGroundType is 2. */
  backgroundColor: string;
  /** 1 = show the drawn-scores list and the key hints. */
  showAdvancedFeatures: number;
  /** 1 = show the 满分 / 零分 buttons. */
  showAllRight: number;
  /** 1 = one button per score (when the item is small enough); 2 = typing only. */
  giveScorePanelType: number;
  /** 1 = panel below the image (horizontal); 2 = panel at the right of the image (vertical). */
  panelDerection: number;
  /** Score buttons per row. */
  panelRow: number;
  /** Panel opacity, 0.3 to 1 (1 = opaque). */
  panelTransparency: number;
}

export const PANEL_SETTINGS_KEY = 'markPanelSettings';

/** Spec §9 defaults; backgroundColor has none in the spec: white (see docs/DECISIONS.md). */
export const DEFAULT_PANEL_SETTINGS: Readonly<PanelSettings> = Object.freeze({
  themeColor: '#E8EAEF',
  backGroundType: 1,
  backgroundColor: '#FFFFFF',
  showAdvancedFeatures: 1,
  showAllRight: 1,
  giveScorePanelType: 1,
  panelDerection: 2,
  panelRow: 5,
  panelTransparency: 1,
});

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
