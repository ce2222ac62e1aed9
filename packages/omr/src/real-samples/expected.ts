// Readers of the expected readings shipped with the third-party sample sets (test support, no product code).
// OpenMCR: results.csv, one row per sheet. OMRChecker: its pytest snapshot (test_all_samples.ambr), which holds
// each sample's Results CSV as a quoted string.

/** Splits one CSV line (RFC 4180 quoting). */
export function csvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') quoted = false; else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
  }
  out.push(cur);
  return out;
}

/** Rows of a CSV text as objects keyed by the header. */
export function csvRows(text: string): Record<string, string>[] {
  const lines = text.replace(/\r/g, '').split('\n').filter((l) => l.trim() !== '');
  const head = csvLine(lines[0]);
  return lines.slice(1).map((l) => {
    const cells = csvLine(l);
    return Object.fromEntries(head.map((h, i) => [h, cells[i] ?? '']));
  });
}

export interface OmrCheckerExpected {
  /** Sample path as OMRChecker names it, e.g. samples/sample6/doc-scans/sample_roll_01.jpg. */
  inputPath: string;
  /** Output column → value (score and path columns left out). */
  values: Record<string, string>;
}

/** Every Results CSV row of the snapshot file. */
export function omrCheckerExpected(ambr: string): OmrCheckerExpected[] {
  const out: OmrCheckerExpected[] = [];
  const section = /'[^']*Results\/Results_\w+\.csv': '''\n([\s\S]*?)'''/g;
  for (const m of ambr.matchAll(section)) {
    const rows = csvRows(m[1].split('\n').map((l) => l.trim()).join('\n'));
    for (const r of rows) {
      const { file_id: _id, input_path: inputPath, output_path: _out, score: _score, ...values } = r;
      out.push({ inputPath, values });
    }
  }
  return out;
}
