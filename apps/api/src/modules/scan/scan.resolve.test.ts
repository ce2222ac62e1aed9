import { describe, expect, it } from 'vitest';
import { resolvePages, type ResolvePage } from './scan.resolve.js';

/** Pages of a two-page card in scanning order; `who` is the student whose 考号 page 1 carries (null = unreadable). */
function pages(list: [pageNo: number | null, who?: number | null, extra?: Partial<ResolvePage>][], batchId = 1): ResolvePage[] {
  return list.map(([pageNo, who, extra], i) => ({
    id: batchId * 100 + i + 1, batchId, fileSeq: i + 1, fileIndex: 1, recognized: true, intrinsicKind: null, intrinsicReason: null,
    pageNo, readStudentId: pageNo === 1 ? who ?? null : null, claimStudentId: null, rescanStudentId: null, absent: false, openDoubts: 0, ...extra,
  }));
}
const owners = (r: ReturnType<typeof resolvePages>) => r.pages.map((p) => [p.id, p.examStudentId, p.abnormalKind]);

describe('resolvePages', () => {
  it('attaches a later page only to the page just before it, so a lost first page never shifts other students', () => {
    // student 2's first page is lost: her second page belongs to nobody, student 3 keeps both of hers
    const r = resolvePages(pages([[1, 1], [2], [2], [1, 3], [2]]), 2);
    expect(owners(r)).toEqual([[101, 1, null], [102, 1, null], [103, null, 'orphan'], [104, 3, null], [105, 3, null]]);
    expect(r.students.map((s) => [s.examStudentId, s.state, s.pages])).toEqual([[1, 'uploaded', [1, 2]], [3, 'uploaded', [1, 2]]]);
  });

  it('flags the same student twice, a missing page and open doubts; 缺考 needs neither all pages nor confirmations', () => {
    const r = resolvePages(pages([[1, 1], [2], [1, 1], [1, 2, { openDoubts: 2 }], [2], [1, 4], [1, 5, { absent: true, openDoubts: 1 }]]), 2);
    expect(owners(r)).toEqual([
      [101, 1, 'duplicate'], [102, 1, null], [103, 1, 'duplicate'], [104, 2, 'doubt'], [105, 2, null], [106, 4, 'missingPage'], [107, 5, null]]);
    expect(r.pages.find((p) => p.id === 106)!.reason).toBe('缺少第 2 页');
    expect(r.students.map((s) => [s.examStudentId, s.state, s.duplicate, s.abnormalKind])).toEqual([
      [1, 'abnormal', true, 'duplicate'], [2, 'abnormal', false, 'doubt'], [4, 'abnormal', false, 'missingPage'], [5, 'absent', false, null]]);
  });

  it('settles an unreadable 考号 by a claim, and the next page follows it', () => {
    const before = resolvePages(pages([[1, null, { intrinsicKind: 'examNo', intrinsicReason: '考号无法识别' }], [2]]), 2);
    expect(owners(before)).toEqual([[101, null, 'examNo'], [102, null, 'orphan']]);
    const after = resolvePages(pages([[1, null, { intrinsicKind: 'examNo', claimStudentId: 7 }], [2]]), 2);
    expect(owners(after)).toEqual([[101, 7, null], [102, 7, null]]);
    expect(after.students[0]).toMatchObject({ examStudentId: 7, state: 'uploaded', claimed: true });
  });

  it('gives a rescan batch to its student whatever the 考号 reads, and leaves pending and unreadable pages out', () => {
    const rescan = pages([[1, null, { rescanStudentId: 9, intrinsicKind: 'examNo' }], [2, null, { rescanStudentId: 9 }]], 2);
    const other = pages([[1, 3], [null, null, { intrinsicKind: 'anchor', intrinsicReason: '定位点识别失败' }], [2, null, { recognized: false }]]);
    const r = resolvePages([...other, ...rescan], 2);
    expect(owners(r)).toEqual([[101, 3, 'missingPage'], [102, null, 'anchor'], [201, 9, null], [202, 9, null]]);
  });

  it('groups pages into sheets: a page continues the page before it when that one is the card page below', () => {
    // batch order: A1 A2 | B1(unreadable 考号) B2 | C2 (continues nothing) | D1 D2
    const r = resolvePages(pages([[1, 1], [2], [1, null, { intrinsicKind: 'examNo', intrinsicReason: '考号无法识别' }], [2], [2], [1, 4], [2]]), 2);
    expect(r.pages.map((p) => [p.id, p.sheetId])).toEqual([[101, 101], [102, 101], [103, 103], [104, 103], [105, 105], [106, 106], [107, 106]]);
    // B2 waits for B1's 考号 and says so; C2 has no page 1 before it
    expect(r.pages.find((p) => p.id === 104)!.reason).toBe('本份答题卡第 1 页考号无法识别：第 1 页确定考生后，本页随之归属；也可直接认领');
    expect(r.pages.find((p) => p.id === 105)!.reason).toBe('第 2 页之前没有同一考生的第 1 页，无法确定考生，请认领');
  });

  it('keeps a sheet together through a page in the recycle bin: a deleted page 1 still carries its page 2', () => {
    // two copies of student 1's sheet; the second copy's page 1 deleted: its page 2 stays student 1's (a duplicate), not an orphan
    const list = pages([[1, 1], [2], [1, 1, { deleted: true }], [2]]);
    const r = resolvePages(list, 2);
    expect(owners(r)).toEqual([[101, 1, null], [102, 1, 'duplicate'], [104, 1, 'duplicate']]);
    expect(r.pages.map((p) => p.sheetId)).toEqual([101, 101, 103]);
    // both pages of the second copy deleted (保留这一份): student 1 is clean again
    const kept = resolvePages(pages([[1, 1], [2], [1, 1, { deleted: true }], [2, null, { deleted: true }]]), 2);
    expect(owners(kept)).toEqual([[101, 1, null], [102, 1, null]]);
    expect(kept.students).toMatchObject([{ examStudentId: 1, state: 'uploaded', duplicate: false }]);
    // a deleted page that was never read as a card page (a blank back) does not stand in the sequence
    const blank = resolvePages(pages([[1, 1], [null, null, { deleted: true, intrinsicKind: 'anchor' }], [2]]), 2);
    expect(owners(blank)).toEqual([[101, 1, null], [103, 1, null]]);
  });
});
