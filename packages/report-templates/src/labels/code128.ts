// Code 128 (ISO/IEC 15417) for the printed 考号 labels: text → symbol values → bar/space widths. Digits only
// use code set C (two digits a symbol; an odd last digit switches to set B), anything else set B (ASCII 32–126).

/** Widths (bar, space, bar, space, bar, space) of the symbol values 0–105; 106 is the stop (7 widths). */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const START_B = 104;
export const START_C = 105;
export const CODE_B = 100;
export const STOP = 106;
/** Quiet zone each side, in modules (the standard asks for at least 10). */
export const QUIET_MODULES = 10;

export class Code128Error extends Error {
  override name = 'Code128Error';
}

/** Symbol values from start to check character (the stop is left out). */
export function code128Values(text: string): number[] {
  if (!text) throw new Code128Error('条形码内容为空');
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 32 || c > 126) throw new Code128Error(`条形码不能包含字符「${ch}」`);
  }
  const values: number[] = [];
  if (/^\d{2,}$/.test(text)) {
    values.push(START_C);
    const pairs = text.length - (text.length % 2);
    for (let i = 0; i < pairs; i += 2) values.push(Number(text.slice(i, i + 2)));
    if (pairs < text.length) values.push(CODE_B, text.charCodeAt(pairs) - 32);
  } else {
    values.push(START_B);
    for (let i = 0; i < text.length; i++) values.push(text.charCodeAt(i) - 32);
  }
  // check character: start value plus each value times its position, modulo 103
  const sum = values.reduce((a, v, i) => a + v * Math.max(i, 1), 0);
  values.push(sum % 103);
  return values;
}

/** Bar and space widths in modules, bar first, start to stop (no quiet zones). */
export function code128Widths(text: string): number[] {
  return [...code128Values(text), STOP].flatMap((v) => [...PATTERNS[v]!].map(Number));
}

/** The symbol as modules (true = bar), quiet zones included. */
export function code128Modules(text: string): boolean[] {
  const out: boolean[] = Array<boolean>(QUIET_MODULES).fill(false);
  code128Widths(text).forEach((w, i) => { for (let k = 0; k < w; k++) out.push(i % 2 === 0); });
  for (let k = 0; k < QUIET_MODULES; k++) out.push(false);
  return out;
}

/** Bars as [start, width] in modules from the left edge of the quiet zone (for drawing rectangles). */
export function code128Bars(text: string): { bars: [number, number][]; modules: number } {
  const bars: [number, number][] = [];
  let x = QUIET_MODULES;
  code128Widths(text).forEach((w, i) => { if (i % 2 === 0) bars.push([x, w]); x += w; });
  return { bars, modules: x + QUIET_MODULES };
}
