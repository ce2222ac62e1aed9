/** xlsx sheets of the joint-only reports (the others use report.export's sheets). */
import type { JointTranscript, SchoolContrast, StudentInfo } from '@jz/shared/api/joint-report';
import { TRANSCRIPT_FIELDS } from '@jz/shared/api/report';
import type { Cell, Sheet } from '../report/report.export.js';

/** 联考成绩单: 考号, 姓名, 学校, 班级, 学籍类型, then per column the asked fields and 校内排名 (年级排名 = 联考排名). */
export function jointTranscriptSheet(t: JointTranscript): Sheet {
  const label = (f: string) => (f === 'gradeRank' ? '联考排名' : TRANSCRIPT_FIELDS.find((x) => x.value === f)?.label ?? f);
  const withSchool = t.records.some((r) => r.schoolRanks.length > 0) || t.records.length === 0;
  const header = ['考号', '姓名', '学校', '班级', '学籍类型'];
  for (const c of t.columns) {
    for (const f of t.fields) header.push(`${c.name}${label(f)}`);
    if (withSchool && (t.fields.includes('gradeRank') || t.fields.includes('classRank'))) header.push(`${c.name}校内排名`);
  }
  function* rows() {
    for (const r of t.records) {
      const row: Cell[] = [r.admissionNo, r.name, r.schoolName, r.className, r.registrationType];
      for (let k = 0; k < t.columns.length; k++) {
        if (t.fields.includes('score')) row.push(r.scores[k]);
        if (t.fields.includes('classRank')) row.push(r.classRanks[k]);
        if (t.fields.includes('gradeRank')) row.push(r.gradeRanks[k]);
        if (withSchool && (t.fields.includes('gradeRank') || t.fields.includes('classRank'))) row.push(r.schoolRanks[k]);
      }
      yield row;
    }
  }
  return { name: '联考成绩单', header, rows: rows() };
}

/** 校际对比: one sheet per column, the joint row first. */
export function schoolContrastSheets(d: SchoolContrast): Sheet[] {
  return d.tables.map((t) => {
    const rates = t.joint.rates;
    const header = ['学校', '实考人数', '平均分', '超均率', '标准差', '均分排名',
      ...rates.flatMap((r) => [`${r.name}人数`, `${r.name}率`]), ...t.joint.bands.flatMap((b) => [`${b.label}人数`, `${b.label}占比率`])];
    const rows: Cell[][] = [
      ['联考全体', t.joint.count, t.joint.mean, null, t.joint.sd, null, ...t.joint.rates.flatMap((r) => [r.count, r.share]), ...t.joint.bands.flatMap((b) => [b.count, null])],
      ...t.rows.map((r) => [r.schoolName, r.count, r.mean, r.overMeanRate, r.sd, r.meanRank, ...r.rates.flatMap((x) => [x.count, x.share]), ...r.bands.flatMap((b) => [b.count, b.share])]),
    ];
    return { name: t.name.slice(0, 31), header, rows };
  });
}

export function studentInfoSheets(s: StudentInfo): Sheet[] {
  return [{
    name: '考生成绩', header: ['考号', '姓名', '学校', '班级', '科目', '成绩', '班级排名', '校内排名', '联考排名'],
    rows: s.columns.map((c) => [s.admissionNo, s.name, s.schoolName, s.className, c.name, c.score, c.classRank, c.schoolRank, c.jointRank]),
  }];
}
