import { describe, expect, it } from 'vitest';
import { DEFAULT_PANEL_SETTINGS, PANEL_SETTINGS_KEY, loadSettings, normalizeSettings, panelBackground, saveSettings } from './panelSettings';

/** A Storage stand-in (a Map), since the unit project has no DOM. */
const memoryStore = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => { m.set(k, v); }, raw: m };
};

describe('panel settings', () => {
  it('has the spec §9 defaults', () => {
    // spec §9: themeColor #E8EAEF, backGroundType 1, showAdvancedFeatures 1, showAllRight 1, giveScorePanelType 1,
    // panelDerection 2, panelRow 5, panelTransparency 1
    expect(loadSettings(memoryStore())).toEqual({
      themeColor: '#E8EAEF', backGroundType: 1, backgroundColor: '#FFFFFF', showAdvancedFeatures: 1, showAllRight: 1,
      giveScorePanelType: 1, panelDerection: 2, panelRow: 5, panelTransparency: 1,
    });
  });
  it('saves under markPanelSettings and reads back', () => {
    const store = memoryStore();
    saveSettings(store, { ...DEFAULT_PANEL_SETTINGS, panelRow: 4, panelDerection: 1, themeColor: '#112233' });
    expect(JSON.parse(store.raw.get(PANEL_SETTINGS_KEY)!)).toMatchObject({ panelRow: 4, panelDerection: 1, themeColor: '#112233' });
    expect(loadSettings(store)).toMatchObject({ panelRow: 4, panelDerection: 1, themeColor: '#112233', panelTransparency: 1 });
  });
  it('a bad or missing field takes its default; broken JSON gives the defaults', () => {
    expect(normalizeSettings({ panelRow: 0, themeColor: 'red', panelTransparency: 0.5, giveScorePanelType: 3 }))
      .toEqual({ ...DEFAULT_PANEL_SETTINGS, panelTransparency: 0.5 });
    const store = memoryStore();
    store.setItem(PANEL_SETTINGS_KEY, '{not json');
    expect(loadSettings(store)).toEqual(DEFAULT_PANEL_SETTINGS);
  });
  it('background follows backGroundType', () => {
    expect(panelBackground(DEFAULT_PANEL_SETTINGS)).toEqual({ background: '#E8EAEF', opacity: 1 });
    expect(panelBackground({ ...DEFAULT_PANEL_SETTINGS, backGroundType: 2, backgroundColor: '#FAFAFA', panelTransparency: 0.8 }))
      .toEqual({ background: '#FAFAFA', opacity: 0.8 });
  });
});
