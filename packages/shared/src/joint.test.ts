import { describe, expect, it } from 'vitest';
import { anonymousSchoolName, assignJointExamNos, isRegistrationCode, jointExamNo, parseJointExamNo, registrationCode } from './joint.js';
import { mulberry32 } from './random.js';

describe('docs/DOMAIN-RULES.md §7 joint 考号', () => {
  it('is school (2) + class (2) + seat (3) digits', () => {
    expect(jointExamNo(3, 12, 45)).toBe('0312045');
    expect(jointExamNo(99, 99, 999)).toBe('9999999');
    expect(parseJointExamNo('0312045')).toEqual({ schoolCode: 3, classNo: 12, seat: 45 });
  });
  it('refuses parts out of range', () => {
    expect(() => jointExamNo(0, 1, 1)).toThrow('学校代码');
    expect(() => jointExamNo(100, 1, 1)).toThrow('学校代码');
    expect(() => jointExamNo(1, 100, 1)).toThrow('班级序号');
    expect(() => jointExamNo(1, 1, 1000)).toThrow('座位号');
    expect(parseJointExamNo('0300045')).toBeNull();
    expect(parseJointExamNo('031204')).toBeNull();
  });
  it('numbers classes and seats in the given order', () => {
    const r = assignJointExamNos(2, [['甲', '乙'], ['丙']]);
    expect(r.map((x) => [x.student, x.examNo])).toEqual([['甲', '0201001'], ['乙', '0201002'], ['丙', '0202001']]);
    expect(() => assignJointExamNos(1, [Array.from({ length: 1000 }, (_, i) => i)])).toThrow('999');
  });
});

describe('anonymous school names', () => {
  it('run A–Z then AA like spreadsheet columns', () => {
    expect([0, 1, 25, 26, 27, 99].map(anonymousSchoolName)).toEqual(['学校A', '学校B', '学校Z', '学校AA', '学校AB', '学校CV']);
  });
});

describe('registration codes', () => {
  it('are 8 unambiguous characters', () => {
    const code = registrationCode(mulberry32(7));
    expect(code).toHaveLength(8);
    expect(isRegistrationCode(code)).toBe(true);
    expect(isRegistrationCode('ABCD0123')).toBe(false);
  });
});
