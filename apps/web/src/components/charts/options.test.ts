import { describe, expect, it } from 'vitest';
import { scoreAxis, tukeyBoxOption } from './options';

// Expected steps worked out by hand: the smallest step of the list that divides the full score into 3 to 8 ticks.
describe('scoreAxis', () => {
  it('puts the full score on a tick', () => {
    expect(scoreAxis(1050)).toEqual({ min: 0, max: 1050, interval: 150 }); // 1050 / 150 = 7; 100 → 10.5, 75 → 14
    expect(scoreAxis(750)).toEqual({ min: 0, max: 750, interval: 150 }); // 750 / 100 = 7.5, 750 / 150 = 5
    expect(scoreAxis(150)).toEqual({ min: 0, max: 150, interval: 25 }); // 150 / 20 = 7.5, 150 / 25 = 6
    expect(scoreAxis(100)).toEqual({ min: 0, max: 100, interval: 20 }); // 100 / 15 no, 100 / 20 = 5
    expect(scoreAxis(6)).toEqual({ min: 0, max: 6, interval: 1 });
  });
  it('leaves a full score no step fits unlabelled instead of over the tick below', () => {
    expect(scoreAxis(97)).toEqual({ min: 0, max: 97, axisLabel: { showMaxLabel: false } });
  });
  it('is the box plots\' value axis', () => {
    const o = tukeyBoxOption({ categories: ['高一1班'], boxes: [null], max: 1050 });
    expect(o.yAxis).toMatchObject({ type: 'value', min: 0, max: 1050, interval: 150 });
  });
});
