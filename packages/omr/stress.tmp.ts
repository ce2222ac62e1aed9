import { mulberry32 } from '@jz/shared/random';
import { recognizeSheet } from './src/index.js';
import { demoCard, fillsFor, randomAnswers } from './src/testing/fixtures.js';
import { drawSheet, type Fill } from './src/testing/synth.js';
const card = demoCard(0); const t = card.template;
const N = Number(process.argv[2] ?? 40);
let silent = 0, doubtful = 0, clean = 0, clearWrong = 0, sheetsRejected = 0;
const reasons: Record<string, number> = {};
for (let s = 0; s < N; s++) {
  const rnd = mulberry32(1000 + s);
  const a = randomAnswers(t, 2000 + s);
  const level = 0.35 + rnd() * 0.6;
  const fills: Fill[] = fillsFor(t, a, level).map((f) => ({ ...f, level: Math.min(1, level * (0.85 + rnd() * 0.3)), cover: 0.6 + rnd() * 0.4 }));
  // hazards on some questions: faint stray mark, erasure (light second mark), half-empty
  const hazard = new Map<string, string>();
  for (const g of t.questions) {
    const x = rnd();
    if (x < 0.06) {
      const b = g.bubbles[Math.floor(rnd() * g.bubbles.length)];
      if (!a.questions[g.id].includes(b.value)) { fills.push({ rect: b, level: 0.1 + rnd() * 0.3, cover: 0.5 + rnd() * 0.5 }); hazard.set(g.id, 'stray'); }
    }
  }
  const dpi = [100, 150, 200, 300][s % 4];
  const { raster } = drawSheet(t, { dpi, bits: card.bits, textAreas: card.textAreas, fills, seed: s, noise: rnd() * 14, skewDeg: (rnd() - 0.5) * 8, rotation: rnd() < 0.3 ? 180 : 0, padMm: 6, paper: 200 + rnd() * 55, ink: 20 + rnd() * 60 });
  const r = recognizeSheet(raster, t);
  if (r.status !== 'ok') { sheetsRejected++; continue; }
  for (const q of r.questions) {
    const ok = q.marked.join() === a.questions[q.id].join();
    if (q.doubt) { doubtful++; reasons[q.doubt] = (reasons[q.doubt] ?? 0) + 1; if (!hazard.has(q.id) && process.env.SHOW) console.log('D', s, dpi, q.doubt, q.marked.join(''), a.questions[q.id].join(''), q.darkness.join(' '), 'th', r.threshold, 'lvl', level.toFixed(2)); }
    else if (ok) clean++;
    else { silent++; console.log('SILENT', s, dpi, q.id, q.marked, a.questions[q.id], q.darkness, 'th', r.threshold, 'level', level.toFixed(2), hazard.get(q.id)); }
    if (!ok && !hazard.has(q.id) && !q.doubt) clearWrong++;
  }
  const admOk = r.admission?.value === a.admission;
  if (!admOk && !r.admission?.doubt) { silent++; console.log('SILENT ADM', s, r.admission?.value, a.admission); }
  if (r.admission?.doubt) { reasons['adm ' + r.admission.doubt] = (reasons['adm ' + r.admission.doubt] ?? 0) + 1; }
}
console.log({ N, silent, doubtful, clean, clearWrong, sheetsRejected, reasons });
