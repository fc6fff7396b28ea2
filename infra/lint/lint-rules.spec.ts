import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as prettier from 'prettier';

/** `npm run lint`'s checks, each shown to refuse a file planted where the rule applies. */
describe('npm run lint', () => {
  const repoRoot = process.cwd();

  it('checks the layout with Prettier before ESLint runs', async () => {
    const { scripts } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.lint).toMatch(/^prettier --check \. && eslint /);
  });

  describe('Prettier', () => {
    const isFormatted = async (path: string, source: string) => {
      const filepath = join(repoRoot, path);
      return prettier.check(source, { ...(await prettier.resolveConfig(filepath)), filepath });
    };

    it('refuses a misformatted file', async () => {
      expect(await isFormatted('api/src/planted.ts', 'export const total = (a: number,b: number) => { return a+b }\n')).toBe(false);
    });

    it('refuses imports out of order: Node, packages, @shop, then relative', async () => {
      const unsorted =
        "import { ORDER_STATUSES } from '@shop/contracts';\nimport { join } from 'node:path';\n\nexport const paths = [join('a'), ORDER_STATUSES];\n";
      const sorted =
        "import { join } from 'node:path';\nimport { ORDER_STATUSES } from '@shop/contracts';\n\nexport const paths = [join('a'), ORDER_STATUSES];\n";
      expect(await isFormatted('workers/src/planted.ts', unsorted)).toBe(false);
      expect(await isFormatted('workers/src/planted.ts', sorted)).toBe(true);
    });

    it('passes a file laid out as it lays it out', async () => {
      const source = 'export const total = (a: number, b: number) => {\n  return a + b;\n};\n';
      expect(await isFormatted('api/src/planted.ts', source)).toBe(true);
    });
  });
});
