import { describe, expect, it } from 'vitest';
import {
  clampPercent, formatCount, formatGb, formatIndex, formatMean, formatMeasure, formatNumber, formatRate, formatScore, formatTimestamp, isNonNegativeInteger,
  progressPercent, roundMeasure, roundTo, toDate, toFiniteNumber,
} from './format.js';

// Expected values computed outside the project with Python 3.11 (decimal + datetime), e.g.
//   from decimal import Decimal, ROUND_HALF_UP
//   def f(x,d=2):
//     s=format(Decimal(str(x)).quantize(Decimal(1).scaleb(-d), rounding=ROUND_HALF_UP),'f')
//     return s.rstrip('0').rstrip('.') if '.' in s else s
//   f('85.50') -> '85.5'; f('90.00') -> '90'; f('0.125') -> '0.13'; f('1.005') -> '1.01'; f('2.675') -> '2.68'
//   f('-1.005') -> '-1.01'; f('3.14159') -> '3.14'; f('-0.004') -> '-0' (shown as '0'); f('123456789.999') -> '123456790'
//   f(2/3) -> '0.67'
//   datetime.fromtimestamp(1700000000, timezone.utc) -> 2023-11-14 22:13:20
//   datetime.fromtimestamp(1234567890, timezone.utc) -> 2009-02-13 23:31:30
//   datetime.fromtimestamp(9999999999, timezone.utc) -> 2286-11-20 17:46:39

describe('isNonNegativeInteger (docs/PRODUCT.md §5: 0 or a positive integer without leading zeros)', () => {
  it.each([0, 1, 7, 120, 1.0, Number.MAX_SAFE_INTEGER, '0', '1', '120', '9007199254740991'])('accepts %s', (v) => {
    expect(isNonNegativeInteger(v)).toBe(true);
  });
  it.each([-1, 1.5, NaN, Infinity, Number.MAX_SAFE_INTEGER + 1, '', ' ', '00', '007', '-1', '+1', '1.0', '1.5', '1e3', ' 1', '1 ', '0x1', 'abc', '9007199254740993', null, undefined, true, [], {}])(
    'rejects %j',
    (v) => {
      expect(isNonNegativeInteger(v)).toBe(false);
    },
  );
});

describe('toFiniteNumber', () => {
  it('reads numbers and numeric strings', () => {
    expect(toFiniteNumber(3)).toBe(3);
    expect(toFiniteNumber(' 85.50 ')).toBe(85.5);
    expect(toFiniteNumber('-.5')).toBe(-0.5);
    expect(toFiniteNumber('1e2')).toBe(100);
  });
  it.each([NaN, Infinity, -Infinity, '', '  ', '12abc', 'abc', '1,000', null, undefined, true, {}])('rejects %j', (v) => {
    expect(toFiniteNumber(v)).toBeNull();
  });
});

describe('roundTo (half away from zero, as Python Decimal ROUND_HALF_UP)', () => {
  it('rounds decimal ties as written', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(32.5)).toBe(33);
    expect(roundTo(-0.5)).toBe(-1);
    expect(roundTo(-0.004, 2)).toBe(0);
    expect(Object.is(roundTo(-0.004, 2), -0)).toBe(false);
  });
  it('handles tiny and huge values', () => {
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(roundTo(1e22, 2)).toBe(1e22);
    expect(roundTo(NaN, 2)).toBeNaN();
  });
});

describe('clampPercent (docs/PRODUCT.md §5: rounded, clamped 0..100, never below 0; invalid → 0)', () => {
  it.each([
    [33.5, 34],
    [32.5, 33],
    [99.5, 100],
    [0.49, 0],
    [-0.5, 0],
    [-5, 0],
    [180, 100],
    [50, 50],
    ['66.6', 67],
  ])('%s → %s', (v, want) => {
    expect(clampPercent(v)).toBe(want);
  });
  it.each([NaN, Infinity, -Infinity, '', 'x', null, undefined])('invalid %j → 0', (v) => {
    expect(clampPercent(v)).toBe(0);
  });
});

describe('progressPercent (docs/PRODUCT.md §9: clamped 0..100)', () => {
  // 1/3*100 = 33.33… → 33; 2/3*100 = 66.66… → 67; 1/8*100 = 12.5 → 13 (Python Decimal ROUND_HALF_UP)
  it('rounds and clamps', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(1, 8)).toBe(13);
    expect(progressPercent(5, 4)).toBe(100);
    expect(progressPercent(-1, 4)).toBe(0);
    expect(progressPercent('3', '4')).toBe(75);
  });
  it('zero, negative or invalid total → 0', () => {
    expect(progressPercent(1, 0)).toBe(0);
    expect(progressPercent(1, -3)).toBe(0);
    expect(progressPercent('a', 3)).toBe(0);
    expect(progressPercent(1, NaN)).toBe(0);
  });
});

describe('formatNumber (docs/PRODUCT.md §5: drops trailing zeros and .00; invalid → "")', () => {
  it.each([
    [85.5, '85.5'],
    ['85.50', '85.5'],
    [90, '90'],
    ['90.00', '90'],
    [0.125, '0.13'],
    [1.005, '1.01'],
    [2.675, '2.68'],
    [-1.005, '-1.01'],
    [3.14159, '3.14'],
    [-0.004, '0'],
    [-0, '0'],
    [123456789.999, '123456790'],
    [2 / 3, '0.67'],
    [100, '100'],
    [0.1, '0.1'],
  ])('%s → %s', (v, want) => {
    expect(formatNumber(v)).toBe(want);
  });
  it('honours digits', () => {
    expect(formatNumber(3.14159, 4)).toBe('3.1416');
    expect(formatNumber(3.5, 0)).toBe('4');
    expect(formatNumber(12.3456, 1)).toBe('12.3');
  });
  it.each([NaN, Infinity, -Infinity, '', 'abc', '12px', null, undefined, {}, true])('invalid %j → ""', (v) => {
    expect(formatNumber(v)).toBe('');
  });
});

describe('toDate / formatTimestamp (docs/PRODUCT.md §5: 10-digit timestamps are seconds)', () => {
  it('10 digits are seconds, 13 digits milliseconds, numbers and strings alike', () => {
    expect(toDate(1700000000)?.getTime()).toBe(1700000000000);
    expect(toDate('1700000000')?.getTime()).toBe(1700000000000);
    expect(toDate(1700000000123)?.getTime()).toBe(1700000000123);
    expect(toDate('1700000000123')?.getTime()).toBe(1700000000123);
  });
  it('formats in UTC (Python datetime.fromtimestamp(t, timezone.utc))', () => {
    expect(formatTimestamp(1700000000, undefined, { utc: true })).toBe('2023-11-14 22:13:20');
    expect(formatTimestamp(1700000000123, undefined, { utc: true })).toBe('2023-11-14 22:13:20');
    expect(formatTimestamp(1234567890, 'YYYY/MM/DD', { utc: true })).toBe('2009/02/13');
    expect(formatTimestamp('9999999999', 'YYYY-MM-DD HH:mm', { utc: true })).toBe('2286-11-20 17:46');
  });
  it('formats in local time by default', () => {
    const d = new Date(1700000000000);
    const want = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(formatTimestamp(1700000000, 'YYYY-MM-DD')).toBe(want);
  });
  it('reads date strings as local time and Date objects', () => {
    expect(formatTimestamp('2024-03-05 08:09:10')).toBe('2024-03-05 08:09:10');
    expect(formatTimestamp('2024/3/5', 'YYYY-MM-DD')).toBe('2024-03-05');
    expect(formatTimestamp(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
  });
  it.each([NaN, Infinity, '', 'abc', '2024-02-30', '2024-13-01', null, undefined, {}, new Date('x')])('invalid %j → null / ""', (v) => {
    expect(toDate(v)).toBeNull();
    expect(formatTimestamp(v)).toBe('');
  });
});

// Measure kinds, expected texts from the same Python f() as above (decimal, ROUND_HALF_UP, trailing zeros dropped):
//   f(74.81147540983606) -> '74.81'; f(0.4987431693989071, 3) -> '0.499'; f(Decimal('0.45454545') * 100) -> '45.45'
//   f(0.5 * 100) -> '50'; f(88.5) -> '88.5'; f(3.2710854467592245) -> '3.27'; f(0.19662447257383966, 3) -> '0.197'
//   f(Decimal('0.12345') * 100) -> '12.35'; f(0.45454545, 4) -> 0.4545; f(0.123456, 4) -> 0.1235
describe('one formatting rule per measure kind', () => {
  it('texts: trailing zeros and .00 dropped, decimals per kind', () => {
    expect(formatMean(74.81147540983606)).toBe('74.81');
    expect(formatIndex(0.4987431693989071)).toBe('0.499');
    expect(formatIndex(0.19662447257383966)).toBe('0.197');
    expect(formatIndex(0.5)).toBe('0.5');
    expect(formatRate(0.45454545)).toBe('45.45%');
    expect(formatRate(0.5)).toBe('50%');
    expect(formatRate(0.12345)).toBe('12.35%');
    expect(formatRate(1)).toBe('100%');
    expect(formatScore(88.5)).toBe('88.5');
    expect(formatScore(90)).toBe('90');
    expect(formatMean(3.2710854467592245)).toBe('3.27');
    expect(formatCount(12)).toBe('12');
    expect(formatMeasure('index', 0.4987431693989071)).toBe('0.499');
    expect(formatMeasure('rate', 0.25)).toBe('25%');
    expect(formatMeasure('mean', 2 / 3)).toBe('0.67');
  });
  it('invalid → empty text', () => {
    for (const f of [formatCount, formatScore, formatMean, formatRate, formatIndex]) {
      expect(f(null)).toBe('');
      expect(f(NaN)).toBe('');
      expect(f('abc')).toBe('');
    }
  });
  it('Excel cells hold the same rounding (a share stays 0..1)', () => {
    expect(roundMeasure('mean', 74.81147540983606)).toBe(74.81);
    expect(roundMeasure('index', 0.4987431693989071)).toBe(0.499);
    expect(roundMeasure('rate', 0.45454545)).toBe(0.4545);
    expect(roundMeasure('rate', 0.123456)).toBe(0.1235);
    expect(roundMeasure('count', 12)).toBe(12);
    expect(roundMeasure('score', 88.5)).toBe(88.5);
    expect(roundMeasure('mean', 1.005)).toBe(1.01); // f('1.005') -> '1.01' above
    expect(roundMeasure('score', null)).toBeNull();
    expect(roundMeasure('score', Infinity)).toBeNull();
  });
});

describe('formatGb', () => {
  it('shows bytes as GB with two decimals', () => {
    // by hand: 1610614784 / 1073741824 = 1.5000019; 53687091200 / 1073741824 = 50; 5368710 / 1073741824 = 0.0050000009 (rounds up)
    expect(formatGb(1_610_614_784)).toBe('1.50 GB');
    expect(formatGb(53_687_091_200)).toBe('50.00 GB');
    expect(formatGb(5_368_710)).toBe('0.01 GB');
    expect(formatGb(0)).toBe('0.00 GB');
  });
});
