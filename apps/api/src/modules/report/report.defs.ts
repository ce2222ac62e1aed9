/**
 * The single-school report builders as a table (key, query, answer, summary, builder, sheets), registered at the
 * report paths by report.routes.ts and at the joint exam's paths by joint-report.routes.ts: one builder per report.
 */
import type { FastifyReply } from 'fastify';
import { PassThrough } from 'node:stream';
import type { z } from 'zod';
import {
  classComparisonSchema, registrationComparisonSchema, commentQuery, commentSchema, groupGSchema,
  horizontalDistributionSchema, onlineSchema, overviewSchema, paperSchema, quartileSchema, rankSegmentSchema, rateCriticalSchema, reportQuery,
  scoreSegmentSchema, studentAnalysisQuery, studentProgressSchema, studentTopSchema, studentWeakSchema, subjectComparisonSchema,
  subjectQualitySchema, transcriptQuery, transcriptSchema, type ReportKey,
} from '@jz/shared/api/report';
import * as ex from './report.export.js';
import * as service from './report.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Streams the sheets as an xlsx download named <考试名>-<报告名>.xlsx. */
export function sendXlsx(reply: FastifyReply, fileName: string, sheets: ex.Sheet[]) {
  const out = new PassThrough();
  ex.writeSheets(out, sheets).catch((err) => out.destroy(err as Error));
  return reply.header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`)
    .send(out);
}

export interface ReportDef {
  key: ReportKey;
  querystring: z.ZodType;
  response: z.ZodType;
  summary: string;
  /** The answer (a promise where rows are read a page at a time: the transcript, comments, student lists). */
  build: (c: service.Ctx, q: never, all: boolean) => unknown;
  sheets: (data: never) => ex.Sheet[];
}

export const REPORT_DEFS: ReportDef[] = [];

function def<Q extends z.ZodType, R extends z.ZodType>(
  key: ReportKey, querystring: Q, response: R, summary: string,
  build: (c: service.Ctx, q: z.infer<Q>, all: boolean) => z.infer<R> | Promise<z.infer<R>>, sheets: (data: z.infer<R>) => ex.Sheet[],
) {
  REPORT_DEFS.push({ key, querystring, response, summary, build: build as ReportDef['build'], sheets: sheets as ReportDef['sheets'] });
}

def('overview', reportQuery, overviewSchema, '各科与总分的实考、缺考、均分、标准差、最值、中位数、四分位数、得分率与四率（classId 为班级时为该班数据）',
  (c) => service.overview(c), ex.overviewSheets);
def('transcript', transcriptQuery, transcriptSchema, '每名考生各科与总分的成绩、班级排名、年级排名（竞争排名；fields 选择列；分页）',
  (c, q, all) => service.transcript(c, q, all), (t) => [ex.transcriptSheet(t)]);
def('horizontalDistribution', reportQuery, horizontalDistributionSchema, '所选科目（默认总分）的分数段各班人数与累计',
  (c) => service.horizontalDistribution(c), (d) => ex.segmentSheets([d.table]));
def('subjectComparison', reportQuery, subjectComparisonSchema, '各班各科平均分、得分率、超均率与排名，优势与薄弱学科',
  (c) => service.subjectComparison(c), ex.subjectComparisonSheets);
def('classComparison', reportQuery, classComparisonSchema, '所选科目各班人数、均分、标准差、最值、中位数、四分位数、超均率、排名与四率',
  (c) => service.classComparison(c), ex.classComparisonSheets);
def('registrationComparison', reportQuery, registrationComparisonSchema, '学籍对比：所选科目按学籍类型（应届、往届…）的人数、均分、标准差、最值、中位数、四分位数、超均率、排名与四率（全年级，仅可查看全年级的角色）',
  (c) => service.registrationComparison(c), ex.registrationComparisonSheets);
def('subjectQuality', reportQuery, subjectQualitySchema, '各科统计与试卷质量（难度、信度）',
  (c) => service.subjectQuality(c), ex.subjectQualitySheets);
def('groupG', reportQuery, groupGSchema, '按总分分为 G1–G10，各组人数、总分范围、各科均分与各班人数',
  (c) => service.groupG(c), ex.groupGSheets);
def('quartile', reportQuery, quartileSchema, '所选科目四分位数及各班落在年级四分位区间的人数',
  (c) => service.quartile(c), ex.quartileSheets);
def('rateCritical', reportQuery, rateCriticalSchema, '所选科目各等级分数线上下临界人数与名单',
  (c) => service.rateCritical(c), ex.rateCriticalSheets);
def('online', reportQuery, onlineSchema, '各上线分数线的上线人数、各科有效分、单上线与双上线、临界生',
  (c) => service.online(c), ex.onlineSheets);
def('paper', reportQuery, paperSchema, '所选科目（默认第一个科目）每题均分、得分率、区分度 D 与相关 r 及评价、选项分布；试卷难度、信度与分数分布',
  (c) => service.paper(c), ex.paperSheets);
def('comment', commentQuery, commentSchema, '根据统计数据生成的班级评语与学生评语（学生评语仅总分；分页）',
  (c, q, all) => service.comment(c, q, all), ex.commentSheets);
def('studentProgress', studentAnalysisQuery, studentProgressSchema, '与参照考试比较的名次变化，各班进步与退步最多的学生',
  (c, q, all) => service.studentProgress(c, q, all), ex.studentProgressSheets);
def('studentTop', studentAnalysisQuery, studentTopSchema, '各班总分前 N 名与后 N 名',
  (c) => service.studentTop(c), ex.studentTopSheets);
def('studentWeak', studentAnalysisQuery, studentWeakSchema, '每名学生各科年级名次与总分名次之差，薄弱与优势学科（分页）',
  (c, q, all) => service.studentWeak(c, q, all), ex.studentWeakSheets);
def('scoreSegment', reportQuery, scoreSegmentSchema, '分数段（courseCode 0 为全部可见科目与总分）',
  (c) => service.scoreSegment(c), (d) => ex.segmentSheets(d.tables));
def('rankSegment', reportQuery, rankSegmentSchema, '名次段（前 10、20、50…名；courseCode 0 为全部可见科目与总分）',
  (c) => service.rankSegment(c), (d) => ex.rankSegmentSheets(d.tables));

