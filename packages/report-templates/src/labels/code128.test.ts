// Known encodings, worked by hand from the Code 128 table (ISO/IEC 15417, Table 1): the check character is
// (start + Σ value × position) mod 103. The zxing-wasm reader reads labels back in tests/render/labels.test.ts.
import { describe, expect, it } from 'vitest';
import { code128Bars, code128Modules, code128Values, code128Widths, Code128Error, QUIET_MODULES } from './code128.js';

const bits = (text: string) => code128Modules(text).slice(QUIET_MODULES, -QUIET_MODULES).map((b) => (b ? '1' : '0')).join('');

describe('Code 128', () => {
  it('encodes text in code set B with its check character', () => {
    // W=55 i=73 k=75 i=73 p=80 e=69 d=68 i=73 a=65; 104+55+146+225+292+400+414+476+584+585 = 3281, 3281 mod 103 = 88
    expect(code128Values('Wikipedia')).toEqual([104, 55, 73, 75, 73, 80, 69, 68, 73, 65, 88]);
    // A=33: 104 + 33 = 137, mod 103 = 34
    expect(code128Values('A')).toEqual([104, 33, 34]);
  });

  it('encodes digits two at a time in code set C, an odd last digit in set B', () => {
    // 105 + 12 + 2×34 = 185, mod 103 = 82
    expect(code128Values('1234')).toEqual([105, 12, 34, 82]);
    // 105 + 12 + 68 + 3×100 + 4×21 = 569, mod 103 = 54
    expect(code128Values('12345')).toEqual([105, 12, 34, 100, 21, 54]);
    // 105 + 1×20 + 2×26 + 3×1 + 4×1 + 5×23 = 299, mod 103 = 93
    expect(code128Values('2026010123')).toEqual([105, 20, 26, 1, 1, 23, 93]);
    expect(code128Values('0')).toEqual([104, 16, 17]); // one digit: set B ('0' = 16), 104 + 16 = 120 mod 103 = 17
  });

  it('draws start, symbols and stop as the published bit patterns', () => {
    // Start C 11010011100, 12 = 10110011100, 34 = 10001011000, 82 = 10010011110, stop 1100011101011
    expect(bits('1234')).toBe('11010011100' + '10110011100' + '10001011000' + '10010011110' + '1100011101011');
    // Start B 11010010000, 'A' (33) = 10100011000, check 34 = 10001011000
    expect(bits('A')).toBe('11010010000' + '10100011000' + '10001011000' + '1100011101011');
  });

  it('has 11 modules a symbol, 13 for the stop, and quiet zones both sides', () => {
    const w = code128Widths('2026010123');
    expect(w.reduce((a, b) => a + b, 0)).toBe(7 * 11 + 13);
    const { bars, modules } = code128Bars('2026010123');
    expect(modules).toBe(7 * 11 + 13 + 2 * QUIET_MODULES);
    expect(bars[0]).toEqual([QUIET_MODULES, 2]);
    expect(code128Modules('2026010123')).toHaveLength(modules);
  });

  it('refuses empty text and characters outside ASCII 32–126', () => {
    expect(() => code128Values('')).toThrow(Code128Error);
    expect(() => code128Values('考号1')).toThrow('条形码不能包含字符「考」');
  });
});
