import { build } from 'esbuild';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mulberry32 } from '@jz/shared/random';

export const root = path.resolve(import.meta.dirname, '../..');

export interface Proc {
  proc: ChildProcess;
  /** stdout + stderr so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A real child process (node with tsx, one process: killing it kills the database's owner). */
/**
 * A child's environment: this process's without the test run's database and queue (CI sets DATABASE_URL and
 * REDIS_URL for the api tests; these children test the embedded default unless the test names them itself).
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = process.env;
  return { ...rest, ...env };
}

export function spawnNode(script: string, env: Record<string, string>, args: string[] = []): Proc {
  return spawnJs(['--import', 'tsx', path.join(root, script), ...args], env);
}

/** node with these arguments (e.g. a script bundled once, so a start costs no TypeScript compilation). */
export function spawnJs(args: string[], env: Record<string, string>): Proc {
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: childEnv({ NODE_ENV: 'production', WEB_DIST: '/nonexistent', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return wrap(proc);
}

export function spawnShell(command: string, env: Record<string, string>): Proc {
  return wrap(spawn('sh', ['-c', command], { cwd: root, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }));
}

function wrap(proc: ChildProcess): Proc {
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.on('exit', (code, signal) => {
      resolve({ code, signal });
      for (const l of listeners) l();
    });
  });
  let done = false;
  void exited.then(() => { done = true; });
  return {
    proc,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => { listeners.delete(check); reject(new Error(`timeout waiting for ${pattern}; output:\n${out}`)); }, timeoutMs);
        const check = () => {
          const m = out.match(pattern);
          if (m) { clearTimeout(timer); listeners.delete(check); resolve(m); return; }
          if (done || proc.exitCode !== null || proc.signalCode !== null) {
            clearTimeout(timer);
            listeners.delete(check);
            reject(new Error(`process exited (${proc.exitCode ?? proc.signalCode}) before ${pattern}; output:\n${out}`));
          }
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/**
 * `script` (our sources and workspace packages; node_modules left external) bundled once into tmp/, so that a
 * start costs about a second of CPU instead of three through tsx. Started through a one-line entry file: modules
 * that run themselves when they are node's main script (the render worker) compare import.meta.url with argv[1],
 * which in a bundle would be theirs too. `entry` is what node runs; `remove` deletes both files.
 */
export async function bundleScript(script: string): Promise<{ entry: string; remove(): void }> {
  const name = `durability-${path.basename(script, '.ts')}-${process.pid}`;
  const bundle = path.join(root, 'tmp', `${name}.mjs`);
  const entry = path.join(root, 'tmp', `${name}-entry.mjs`);
  mkdirSync(path.dirname(bundle), { recursive: true });
  writeFileSync(entry, `await import(${JSON.stringify(pathToFileURL(bundle).href)});\n`);
  await build({
    entryPoints: [path.join(root, script)], outfile: bundle, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning',
    plugins: [{
      name: 'external-node-modules',
      setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@jz/') ? undefined : { path: a.path, external: true })); },
    }],
  });
  return { entry, remove: () => { rmSync(bundle, { force: true }); rmSync(entry, { force: true }); } };
}

/** Deterministic pseudo-random numbers (the project's mulberry32), so a failing run can be replayed. */
export const seededRandom = mulberry32;
