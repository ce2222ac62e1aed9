import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, seededRandom, spawnJs, type Proc } from './procs.js';

// A kill -9 must never leave the embedded database unopenable or lose an acknowledged write.
// Real processes, real SIGKILL: a writer process (the production open path: folder lock, durable PGlite) takes
// writes over HTTP from two concurrent streams, is killed at a pseudo-random moment (after 1–8 acknowledged writes
// and 0–29 ms), and is started again on the same folder, which must open and hold every write it acknowledged,
// each whole (a row and all its parts).
const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 50);
const SEED = Number(process.env.DURABILITY_SEED ?? 20261123);

interface State { rows: Array<{ id: string; parts: number }>; orphans: number }

async function state(port: number): Promise<State> {
  const res = await fetch(`http://127.0.0.1:${port}/state`);
  return ((await res.json()) as { data: State }).data;
}

// The writer is bundled once (same sources, node_modules left external): a start then costs ≈ 1 s of CPU
// instead of ≈ 3 s through tsx, which keeps 50 cycles within a few minutes.
const bundle = path.join(root, 'tmp', `durability-writer-${process.pid}.mjs`);
beforeAll(async () => {
  mkdirSync(path.dirname(bundle), { recursive: true });
  await build({ entryPoints: [path.join(root, 'tests/durability/writer.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
});
afterAll(() => rmSync(bundle, { force: true }));

describe('hard kill during writes (PGlite data folder)', () => {
  it(`survives ${CYCLES} kill -9 cycles with every acknowledged write present`, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-kill-'));
    const random = seededRandom(SEED);
    const acknowledged: string[] = [];
    let killedWithWritesInFlight = 0;
    let writer: Proc | undefined;
    const started = Date.now();
    try {
      for (let cycle = 0; cycle <= CYCLES; cycle++) {
        writer = spawnJs([bundle], { DATA_DIR: dataDir });
        const port = Number((await writer.waitFor(/READY (\d+)/, 180_000).catch((e: Error) => {
          throw new Error(`cycle ${cycle}: the data folder did not open after the previous kill -9\n${e.message}`);
        }))[1]);

        const s = await state(port);
        const present = new Map(s.rows.map((r) => [r.id, r.parts]));
        const lost = acknowledged.filter((id) => !present.has(id));
        expect(lost, `cycle ${cycle}: acknowledged writes lost`).toEqual([]);
        expect(s.rows.filter((r) => r.parts !== 3), `cycle ${cycle}: torn transactions`).toEqual([]);
        expect(s.orphans).toBe(0);

        if (cycle === CYCLES) {
          writer.proc.kill('SIGTERM');
          await writer.exited;
          break;
        }
        let stop = false;
        let inFlight = 0;
        // The kill lands after a pseudo-random number of this cycle's writes were acknowledged, plus a few ms:
        // among writes whatever the machine's speed.
        const killAfter = 1 + Math.floor(random() * 8);
        const extraMs = Math.floor(random() * 30);
        let ackedThisCycle = 0;
        let reached: () => void = () => {};
        const enough = new Promise<void>((r) => { reached = r; });
        const stream = async (n: number) => {
          for (let k = 0; !stop; k++) {
            const id = `c${cycle}s${n}k${k}`;
            inFlight++;
            try {
              const res = await fetch(`http://127.0.0.1:${port}/write?id=${id}`, { method: 'POST' });
              const body = (await res.json()) as { code: number };
              if (res.status === 200 && body.code === 200) {
                acknowledged.push(id);
                if (++ackedThisCycle >= killAfter) reached();
              }
            } catch {
              return; // the connection died with the process: not acknowledged
            } finally {
              inFlight--;
            }
          }
        };
        const streams = [stream(0), stream(1)];
        await enough;
        await new Promise((r) => setTimeout(r, extraMs));
        if (inFlight > 0) killedWithWritesInFlight++;
        writer.proc.kill('SIGKILL');
        const exit = await writer.exited;
        stop = true;
        await Promise.all(streams);
        expect(exit.signal).toBe('SIGKILL');
        if (cycle % 10 === 9) console.log(`kill -9 cycle ${cycle + 1}/${CYCLES}: ${acknowledged.length} writes acknowledged, ${Math.round((Date.now() - started) / 1000)} s`);
      }
      // The test is only worth something if the kills really landed among writes.
      expect(acknowledged.length).toBeGreaterThanOrEqual(CYCLES);
      expect(killedWithWritesInFlight).toBeGreaterThan(CYCLES * 0.8);
    } finally {
      writer?.proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
