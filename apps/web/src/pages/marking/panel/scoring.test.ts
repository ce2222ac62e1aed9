import { describe, expect, it } from 'vitest';
import type { BlockQuestion } from '@jz/shared/marking';
import {
  appendScore, composeKey, drawnText, fillRest, finishBuffer, giveScore, isComplete, keyToCommand, popScore, resetScores,
  scoreItems, scoreOptions, totalOf, usesButtons, validateScore, type ScoreItem,
} from './scoring';

// Expected values below are worked by hand from the definitions (options = 0, step, 2·step … full).

const q = (questionId: number, number: string, fullScore: number, step: number, points: BlockQuestion['points'] = []): BlockQuestion =>
  ({ questionId, number, fullScore, step, points });
const item = (fullScore: number, step = 1): ScoreItem => ({ key: 'x', label: '第1题', fullScore, step });

describe('score items and options', () => {
  it('asks one score per scoring point, or per question without points, in block order', () => {
    const items = scoreItems([
      q(11, '13', 6, 1, [{ id: 'a', name: '给分点1', fullScore: 2, step: 1 }, { id: 'b', name: '给分点2', fullScore: 4, step: 0.5 }]),
      q(12, '14', 10, 1),
    ]);
    expect(items.map((i) => [i.key, i.label, i.fullScore, i.step])).toEqual([
      ['pa', '第13题 给分点1', 2, 1], ['pb', '第13题 给分点2', 4, 0.5], ['q12', '第14题', 10, 1],
    ]);
  });
  it('lists 0…full by the step', () => {
    expect(scoreOptions(item(5))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(scoreOptions(item(2, 0.5))).toEqual([0, 0.5, 1, 1.5, 2]);
    // 0.1 steps do not drift: 0.3 is exactly 0.3, eleven options
    expect(scoreOptions(item(1, 0.1))).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    // whole multiples of the step only, as the server checks: 7 with step 2 gives 0 2 4 6
    expect(scoreOptions(item(7, 2))).toEqual([0, 2, 4, 6]);
    expect(validateScore(7, item(7, 2))).toBe('分数须为2分的整数倍');
    expect(fillRest([], [item(7, 2)], 'full')).toEqual([6]);
  });
  it('draws buttons for small full marks only, and never on the typing panel', () => {
    expect(usesButtons(item(20), 1)).toBe(true);   // 21 buttons
    expect(usesButtons(item(21), 1)).toBe(false);  // 22 would be too many
    expect(usesButtons(item(10, 0.5), 1)).toBe(true); // 21
    expect(usesButtons(item(5), 2)).toBe(false);
  });
});

describe('validation mirrors the server', () => {
  it('refuses above full, below zero and off the step, in Chinese', () => {
    expect(validateScore(12, item(12))).toBeNull();
    expect(validateScore(13, item(12))).toBe('分数不能超过满分12分');
    expect(validateScore(-1, item(12))).toBe('分数不能小于0分');
    expect(validateScore(1.5, item(12))).toBe('分数须为1分的整数倍');
    expect(validateScore(1.5, item(12, 0.5))).toBeNull();
    expect(validateScore(Number.NaN, item(12))).toBe('请输入分数');
  });
});

describe('digit composition', () => {
  it('typing 1 then 2 on a 15-point item is 12, at once after the 2', () => {
    expect(composeKey('', '1', item(15))).toEqual({ kind: 'wait', buffer: '1' });
    expect(composeKey('1', '2', item(15))).toEqual({ kind: 'commit', value: 12 });
  });
  it('a digit nothing longer starts with is taken at once', () => {
    expect(composeKey('', '7', item(15))).toEqual({ kind: 'commit', value: 7 });
    expect(composeKey('', '0', item(15))).toEqual({ kind: 'commit', value: 0 });
    expect(composeKey('', '3', item(5))).toEqual({ kind: 'commit', value: 3 });
  });
  it('refuses what no score starts with, with the reason', () => {
    expect(composeKey('1', '6', item(15))).toEqual({ kind: 'error', message: '分数不能超过满分15分' });
    expect(composeKey('', '6', item(5))).toEqual({ kind: 'error', message: '分数不能超过满分5分' });
    expect(composeKey('', 'a', item(5))).toEqual({ kind: 'error', message: '请输入数字' });
  });
  it('half steps: 1 . 5 is 1.5; 0 waits for .5', () => {
    const half = item(3, 0.5);
    expect(composeKey('', '1', half)).toEqual({ kind: 'wait', buffer: '1' });
    expect(composeKey('1', '.', half)).toEqual({ kind: 'wait', buffer: '1.' });
    expect(composeKey('1.', '5', half)).toEqual({ kind: 'commit', value: 1.5 });
    expect(composeKey('', '0', half)).toEqual({ kind: 'wait', buffer: '0' });
    expect(composeKey('1.', '2', half)).toEqual({ kind: 'error', message: '分数须为0.5分的整数倍' });
  });
  it('Enter or the timeout takes a waiting buffer', () => {
    expect(finishBuffer('1', item(15))).toEqual({ value: 1 });
    expect(finishBuffer('1.', item(3, 0.5))).toEqual({ value: 1 });
    expect(finishBuffer('', item(15))).toEqual({ message: '请输入分数' });
  });
});

describe('the drawn-scores list', () => {
  const items = [item(2), item(4, 0.5), item(10)];
  it('append, pop, reset and the concatenated text', () => {
    let list = appendScore(resetScores(), 2);
    list = appendScore(list, 3.5);
    expect(drawnText(list)).toBe('2+3.5=5.5');
    list = appendScore(list, 7);
    expect(totalOf(list)).toBe(12.5);
    expect(drawnText(list)).toBe('2+3.5+7=12.5');
    list = popScore(list);
    expect(list).toEqual([2, 3.5]);
    expect(drawnText([4])).toBe('4');
    expect(drawnText(resetScores())).toBe('');
  });
  it('gives one score per point and moves on; refuses a bad one with the point named', () => {
    let r = giveScore([], items, 2);
    expect(r).toEqual({ list: [2] });
    r = giveScore([2], items, 3.25);
    expect(r).toEqual({ message: `第1题：分数须为0.5分的整数倍` });
    expect(giveScore([2, 4, 10], items, 1)).toEqual({ message: '各给分点均已给分，请按回车提交' });
    expect(isComplete([2, 4], items)).toBe(false);
    expect(isComplete([2, 4, 10], items)).toBe(true);
  });
  it('满分 / 零分 fill the remaining points, or the whole paper once complete', () => {
    expect(fillRest([], items, 'full')).toEqual([2, 4, 10]);
    expect(fillRest([1], items, 'zero')).toEqual([1, 0, 0]);
    expect(fillRest([1, 1, 1], items, 'full')).toEqual([2, 4, 10]);
  });
});

describe('keyboard', () => {
  it('maps the keys of the help card', () => {
    expect(keyToCommand('7')).toEqual({ kind: 'digit', key: '7' });
    expect(keyToCommand('Enter')).toEqual({ kind: 'submit' });
    expect(keyToCommand('Backspace')).toEqual({ kind: 'undo' });
    expect(keyToCommand('q')).toEqual({ kind: 'problem' });
    expect(keyToCommand('R')).toEqual({ kind: 'review' });
    expect(keyToCommand('?')).toEqual({ kind: 'help' });
    expect(keyToCommand('x')).toBeNull();
  });
});
