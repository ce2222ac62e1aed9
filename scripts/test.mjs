// `npm test`: builds the web app (the browser walks use it), runs the unit, api and render projects, then the
// browser walks on their own (they would compete with the api tests for the two cores), and prints one closing
// line "N passed, N failed". Arguments are passed to one vitest run instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureWebBuild();
mkdirSync(path.join(root, 'tmp'), { recursive: true });

const extra = process.argv.slice(2);
const runs = extra.length ? [extra] : [['--project', 'unit', '--project', 'api', '--project', 'api-isolated', '--project', 'durability', '--project', 'render'], ['--project', 'e2e']];
const totals = { passed: 0, failed: 0, skipped: 0 };
let status = 0;
runs.forEach((args, i) => {
  const report = path.join(root, `tmp/vitest-report-${i}.json`);
  rmSync(report, { force: true });
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) status = run.status ?? 1;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  } else if (run.status !== 0) totals.failed += 1;
});
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(status);
