import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import LongFirstSequencer, { LONG_FILES } from './test-order.js';

// A Vitest context with no cache, as on a fresh clone: Vitest's own order would then be project by project.
const ctx = {
  config: { root: '/repo' },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as ConstructorParameters<typeof LongFirstSequencer>[0];
const spec = (project: string, file: string) =>
  ({ moduleId: `/repo/${file}`, project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } } }) as unknown as TestSpecification;

describe('test file order', () => {
  it('starts the known long files first, longest first, whatever their project, and keeps the rest in order', async () => {
    const files = [
      spec('api', 'tests/api/a.test.ts'), spec('api', 'tests/api/fuzz.test.ts'), spec('api', 'tests/api/b.test.ts'),
      spec('durability', 'tests/durability/scan-kill.test.ts'), spec('unit', 'packages/x/c.test.ts'),
      spec('api', 'tests/api/third-party-accuracy.test.ts'),
    ];
    const order = (await new LongFirstSequencer(ctx).sort(files)).map((f) => f.moduleId.slice('/repo/'.length));
    expect(order).toEqual([
      'tests/api/third-party-accuracy.test.ts', 'tests/durability/scan-kill.test.ts', 'tests/api/fuzz.test.ts',
      'tests/api/a.test.ts', 'tests/api/b.test.ts', 'packages/x/c.test.ts',
    ]);
    expect(LONG_FILES[0]).toBe('tests/api/third-party-accuracy.test.ts');
  });
});
