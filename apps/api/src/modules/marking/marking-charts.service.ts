/**
 * monitor/blockCharts (/examMonitorEchartsDetail): per marker of a block, the spread of the scores given over the
 * block's range and the marks given per hour (figures: @jz/analysis marker-charts). For the block's leaders.
 */
import { blockScale, marksPerHour, scoreDistribution } from '@jz/analysis';
import type { Db } from '../../db/database.js';
import { blockFor, type SchoolUser } from './marking.access.js';
import { timedMarks } from './marking-live.repository.js';
import * as repo from './marking.repository.js';

export async function blockCharts(db: Db, user: SchoolUser, blockId: number) {
  const { block } = await blockFor(db, user, blockId, 'leader');
  const [questions, marks, markers] = await Promise.all([repo.blockQuestions(db, [blockId]), timedMarks(db, blockId), repo.markersOf(db, [blockId])]);
  const { fullScore, step } = blockScale(questions);
  const names = new Map(markers.map((m) => [m.userId, m.userName]));
  const dist = scoreDistribution(marks, fullScore, step);
  const speed = marksPerHour(marks);
  const ids = [...new Set([...markers.map((m) => m.userId), ...dist.perMarker.keys()])];
  return {
    blockId, blockName: block.name, fullScore, step, bands: dist.labels, hours: speed.hours,
    markers: ids.map((id) => ({
      userId: id, userName: names.get(id) ?? '已移除的老师',
      counts: dist.perMarker.get(id) ?? dist.labels.map(() => 0), perHour: speed.perMarker.get(id) ?? speed.hours.map(() => 0),
    })),
  };
}
