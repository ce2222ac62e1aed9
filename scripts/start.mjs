// `npm start`: builds the web app when its sources are newer than the build, then runs api + web in one process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function ensureWebBuild() {
  const built = path.join(web, 'dist/index.html');
  const sources = Math.max(newest(path.join(web, 'src')), newest(path.join(root, 'packages/shared/src')), statSync(path.join(web, 'index.html')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('构建网页端 (apps/web)…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureWebBuild();
  // React's production build for the server-rendered print templates (the development one is ≈ 5× slower)
  process.env.NODE_ENV ??= 'production';
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'apps/api/src/server.ts')).href);
}
