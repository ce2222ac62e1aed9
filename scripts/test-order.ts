// Order of test files in one vitest run. Vitest's own order puts projects one after another (api, durability, render,
// unit) and, without a cache (a fresh clone, as in CI), larger files first within each; the longest runs — kill
// cycles and whole third-party sets, minutes each — then start last and leave the other workers idle at the end.
// Files known to be long start first, whatever their project; the rest keep Vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Longest first (seconds on the two-core CI machine, three files at once). */
export const LONG_FILES = [
  'tests/api/third-party-accuracy.test.ts',
  'tests/api/scan-hostile.test.ts',
  'tests/durability/scan-kill.test.ts',
  'tests/api/third-party-import-accuracy.test.ts',
  'tests/durability/hard-kill.test.ts',
  // its own project (api-isolated), which Vitest's order would start after every api file
  'tests/api/storage-s3.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/durability/import-kill.test.ts',
  // two minutes each; the durability project would start them after every api file
  'tests/durability/startup.test.ts',
  'tests/durability/marking-kill.test.ts',
];

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.findIndex((p) => f.moduleId.replaceAll('\\', '/').endsWith(p));
      return i < 0 ? LONG_FILES.length : i;
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
