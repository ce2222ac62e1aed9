// Open engine misreads of the synthetic set (see omr-synthetic-misreads.test.ts): seed, group, the scenario drawn,
// what the student meant, what the engine read without a doubt and the measured darkness of each mark.
// Found 2026-11-23 with the engine of commit 1595210, scans decoded at targetDpi 100 (the first 40 of 45 silent errors in seeds 1–200).
export const OPEN_MISREADS: { seed: number; group: string; scenario: string; meant: string; read: string; kinds: string }[] = [
  {seed: 20, group: '13', scenario: 'tick', meant: 'D', read: '—', kinds: 'D:tick(0.33)'},
  {seed: 20, group: '15', scenario: 'faint', meant: 'C', read: '—', kinds: 'C:faint(0.29)'},
  {seed: 20, group: '19', scenario: 'faint', meant: 'A', read: '—', kinds: 'A:faint(0.28)'},
  {seed: 20, group: '28', scenario: 'tick', meant: 'E', read: '—', kinds: 'E:tick(0.35)'},
  {seed: 23, group: '11', scenario: 'tick', meant: 'A', read: '—', kinds: 'A:tick(0.30)'},
  {seed: 23, group: '14', scenario: 'faint', meant: 'C', read: '—', kinds: 'C:faint(0.31)'},
  {seed: 23, group: '25', scenario: 'tick', meant: 'D', read: '—', kinds: 'D:tick(0.26)'},
  {seed: 23, group: '30', scenario: 'faint', meant: 'G', read: '—', kinds: 'G:faint(0.28)'},
  {seed: 23, group: '36', scenario: 'faint', meant: 'BCDE', read: 'BCD', kinds: 'B:pen(0.92) C:pen(0.88) D:pen(0.95) E:faint(0.28)'},
  {seed: 35, group: '43', scenario: 'tick', meant: '×', read: '—', kinds: '×:tick(0.30)'},
  {seed: 39, group: '18', scenario: 'faint', meant: 'C', read: '—', kinds: 'C:faint(0.27)'},
  {seed: 39, group: '31', scenario: 'faint', meant: 'BCE', read: 'BE', kinds: 'B:pen(0.96) C:faint(0.31) E:pen(0.96)'},
  {seed: 46, group: '31', scenario: 'tick', meant: 'BCDE', read: 'CDE', kinds: 'B:tick(0.31) C:pen(0.97) D:pen(0.95) E:pen(0.91)'},
  {seed: 58, group: '27', scenario: 'faint', meant: 'D', read: '—', kinds: 'D:faint(0.31)'},
  {seed: 58, group: '35', scenario: 'faint', meant: 'ADE', read: 'DE', kinds: 'A:faint(0.30) D:pencil(0.89) E:pencil(0.74)'},
  {seed: 58, group: '42', scenario: 'faint', meant: '×', read: '—', kinds: '×:faint(0.32)'},
  {seed: 59, group: '缺考', scenario: 'absent', meant: '缺考', read: '—', kinds: '缺考:faint(0.20)'},
  {seed: 79, group: '29', scenario: 'tick', meant: 'E', read: '—', kinds: 'E:tick(0.33)'},
  {seed: 79, group: '43', scenario: 'tick', meant: '√', read: '—', kinds: '√:tick(0.28)'},
  {seed: 86, group: '1', scenario: 'faint', meant: 'B', read: '—', kinds: 'B:faint(0.31)'},
  {seed: 87, group: '6', scenario: 'faint', meant: 'D', read: '—', kinds: 'D:faint(0.30)'},
  {seed: 87, group: '22', scenario: 'faint', meant: 'A', read: '—', kinds: 'A:faint(0.30)'},
  {seed: 90, group: '6', scenario: 'tick', meant: 'A', read: '—', kinds: 'A:tick(0.30)'},
  {seed: 90, group: '17', scenario: 'tick', meant: 'A', read: '—', kinds: 'A:tick(0.30)'},
  {seed: 90, group: '40', scenario: 'tick', meant: 'AB', read: 'A', kinds: 'A:pen(0.97) B:tick(0.31)'},
  {seed: 96, group: '45', scenario: 'faint', meant: '×', read: '—', kinds: '×:faint(0.29)'},
  {seed: 107, group: '11', scenario: 'tick', meant: 'C', read: '—', kinds: 'C:tick(0.24)'},
  {seed: 146, group: '7', scenario: 'tick', meant: 'C', read: '—', kinds: 'C:tick(0.29)'},
  {seed: 152, group: '1', scenario: 'faint', meant: 'A', read: '—', kinds: 'A:faint(0.26)'},
  {seed: 152, group: '8', scenario: 'faint', meant: 'A', read: '—', kinds: 'A:faint(0.27)'},
  {seed: 152, group: '11', scenario: 'partial', meant: 'A', read: '—', kinds: 'A:partial(0.25)'},
  {seed: 152, group: '36', scenario: 'tick', meant: 'BD', read: 'B', kinds: 'B:pencil(0.85) D:tick(0.31)'},
  {seed: 152, group: '39', scenario: 'tick', meant: 'A', read: '—', kinds: 'A:tick(0.27)'},
  {seed: 153, group: '31', scenario: 'faint', meant: 'ACD', read: 'AD', kinds: 'A:pen(0.90) C:faint(0.25) D:pen(0.97)'},
  {seed: 153, group: '39', scenario: 'faint', meant: 'BD', read: 'B', kinds: 'B:pen(0.98) D:faint(0.30)'},
  {seed: 154, group: '43', scenario: 'tick', meant: '√', read: '—', kinds: '√:tick(0.21)'},
  {seed: 158, group: '37', scenario: 'faint', meant: 'ACE', read: 'AE', kinds: 'A:pen(1.00) C:faint(0.36) E:pen(1.00)'},
  {seed: 172, group: '26', scenario: 'tick', meant: 'F', read: '—', kinds: 'F:tick(0.30)'},
  {seed: 172, group: '32', scenario: 'faint', meant: 'A', read: '—', kinds: 'A:faint(0.30)'},
  {seed: 176, group: '4', scenario: 'faint', meant: 'D', read: '—', kinds: 'D:faint(0.30)'},
];

// Silent errors found by the 10,000-sheet benchmark's search over seeds (scripts/bench/omr-synthetic.bench.ts with
// OMR_SYNTH_CASES, 2026-11-23: greyscale JPEG, decoded at targetDpi 100), the darkness of every
// bubble A–D and the sheet's threshold figures as measured: a tick 0.096 above its siblings on a quiet sheet, under
// the fixed 0.1 sibling gap of the time. Fixed by the sibling gap of 3 noise spreads (threshold.ts, threshold.test.ts).
export const FOUND_SILENT: { seed: number; group: string; scenario: string; meant: string; read: string; kinds: string }[] = [
  {seed: 286, group: '3', scenario: 'tick', meant: 'C', read: '—', kinds: 'C:tick(0.229); A 0.125 B 0.151 D 0.133; t 0.43 empty 0.131 noise 0.021'},
  {seed: 356, group: '5', scenario: 'tick', meant: 'C', read: '—', kinds: 'C:tick(0.275); A 0.163 B 0.185 D 0.179; t 0.403 empty 0.16 noise 0.027'},
];

// Found by the same search (seeds 1–5,131): light partial fills and ticks (a third of the bubble, or a small blob)
// only 0.04–0.07 above their siblings and under 3 empty spreads above the sheet's empty median, silent until the
// engine learnt each printed letter's own empty level on the sheet (threshold.ts letterLevels, 2026-11-27): each
// stands 0.075–0.2 (3.1–13.6 noise spreads) above the other empty bubbles of its own letter.
export const FOUND_BY_LETTER: { seed: number; group: string; scenario: string; meant: string; read: string; kinds: string }[] = [
  {seed: 942, group: '23', scenario: 'partial', meant: 'C', read: '—', kinds: 'C:partial(0.217); A 0.174 B 0.177 D 0.187; empty 0.159 spread 0.022'},
  {seed: 1054, group: '24', scenario: 'partial', meant: 'C', read: '—', kinds: 'C:partial(0.306); A 0.233 B 0.281 D 0.243; empty 0.212 spread 0.035'},
  {seed: 1167, group: '16', scenario: 'partial', meant: 'A', read: '—', kinds: 'A:partial(0.313); B 0.253 C 0.202 D 0.241; empty 0.231 spread 0.038'},
  {seed: 1497, group: '3', scenario: 'partial', meant: 'C', read: '—', kinds: 'C:partial(0.206); A 0.112 B 0.184 D 0.167'},
  // a tick 0.079 above its siblings' middle, under the sibling gap's floor of 0.09
  {seed: 1786, group: '21', scenario: 'tick', meant: 'C', read: '—', kinds: 'C:tick(0.214); A 0.116 B 0.144 D 0.135; empty 0.138 noise 0.022'},
  // a tick beside two pencil marks on a sheet whose empty spread (0.071) widens the clear-empty band past it
  {seed: 1950, group: '35', scenario: 'tick', meant: 'ADE', read: 'DE', kinds: 'A:tick(0.409) D:pencil(0.974) E:pencil(0.951); B 0.264 C 0.33; t 0.584 empty 0.216 spread 0.071'},
  // seeds 1,984–3,479 (found silent by the benchmark, replayed silent under the rules of this commit)
  {seed: 2399, group: '7', scenario: 'partial', meant: 'C', read: '—', kinds: 'C:partial(0.208); A 0.127 B 0.146 D 0.137; empty 0.139'},
  {seed: 3022, group: '14', scenario: 'tick', meant: '√', read: '—', kinds: '√:tick(0.219); × 0.15; empty 0.144'},
  {seed: 3035, group: '39', scenario: 'partial', meant: 'ABC', read: 'AB', kinds: 'A:pencil(0.865) B:pencil(0.764) C:partial(0.202); D 0.162 E 0.147'},
  {seed: 3062, group: '32', scenario: 'partial', meant: 'ABC', read: 'AB', kinds: 'A:pencil(0.838) B:pencil(0.767) C:partial(0.215); D 0.149 E 0.123'},
  {seed: 3439, group: '23', scenario: 'partial', meant: 'A', read: '—', kinds: 'A:partial(0.239); B 0.161 C 0.121 D 0.15; empty 0.141'},
  {seed: 3442, group: '28', scenario: 'partial', meant: 'F', read: '—', kinds: 'F:partial(0.206); A 0.121 B 0.16 C 0.105 D 0.134 E 0.123 G 0.128'},
  // seeds 3,443–5,131 (2026-11-27): only 0.055–0.071 above their own letter's level, 0.107–0.15 in the bubble's
  // darkest half (the fill lies on one side) — caught by the peak rule (bubbles.ts ink, threshold.ts PEAK_GAP)
  {seed: 3879, group: '27', scenario: 'partial', meant: 'D', read: '—', kinds: 'D:partial(0.216, peak 0.282); D level 0.161, peak level 0.175'},
  {seed: 4087, group: '38', scenario: 'partial', meant: 'CDE', read: 'CE', kinds: 'C:pencil D:partial(0.264, peak 0.364) E:pencil; D level 0.193, peak level 0.214'},
  // seed 6,212: a partial √ whose four other √ on the sheet are marked (no level of its own): its peak 0.299
  // against the peaks of all the sheet's empty bubbles (level 0.15)
  {seed: 6212, group: '42', scenario: 'partial', meant: '√', read: '—', kinds: '√:partial(0.176, peak 0.299) × 0.11; empty 0.129 noise 0.021'},
];

// Found by the 10,000-sheet run of 2026-11-27 (seeds 6,921 and 7,228): faint 缺考 marks 2.8–2.9 noise spreads above the
// sheet's empty level, inside the lone bubble's clear-empty band of 3 spreads; flagged since the band is 2.5 spreads.
export const FOUND_LONE: { seed: number; group: string; scenario: string; meant: string; read: string; kinds: string }[] = [
  {seed: 6921, group: '缺考', scenario: 'absent', meant: '缺考', read: '—', kinds: '缺考:faint(0.213); empty 0.134 noise 0.027'},
  {seed: 7228, group: '缺考', scenario: 'absent', meant: '缺考', read: '—', kinds: '缺考:faint(0.201); empty 0.14 noise 0.022'},
];
