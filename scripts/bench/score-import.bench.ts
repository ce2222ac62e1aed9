/**
 * Benchmark: import of question scores for 2,000 students × 9 subjects × 25 questions (one workbook of nine
 * sheets) through POST grade_import/import_question on PGlite. Target ≤ 10 s.
 */
import { importQuestionScores, prepareBigExam } from '../../tests/fixtures/big-exam.js';
import { benchApp, report } from './lib.js';

const bench = await benchApp();
const token = await bench.tokenFor('admin');
const big = await prepareBigExam(bench.app, bench.db, token);
const started = performance.now();
const res = await importQuestionScores(bench.app, token, big.examId, big.file);
const ms = performance.now() - started;
if (res.code !== 200) throw new Error(res.msg);
report('score_import_2000x9x25', ms, 'ms', 10_000);
await bench.close();
