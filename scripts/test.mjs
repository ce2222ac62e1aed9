// `npm test`: builds the web app (the browser walks use it), then runs every vitest project and prints
// one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureWebBuild();
mkdirSync(path.join(root, 'tmp'), { recursive: true });
const report = path.join(root, 'tmp/vitest-report.json');
const args = [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
}
process.exit(run.status ?? 1);
