import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ESLint } from 'eslint';
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

  describe('ESLint: who may import whom', () => {
    const eslint = new ESLint({ cwd: repoRoot });
    /** The rules that fired on `source` as if it were the file at `path`. */
    const firedOn = async (path: string, source: string) => {
      const [result] = await eslint.lintText(source, { filePath: join(repoRoot, path) });
      return result.messages.map((message) => message.ruleId);
    };
    const boundary = 'import-x/no-restricted-paths';

    it.each([
      [
        'the api importing the workers',
        'api/src/orders/planted.ts',
        "import { WorkersModule } from '../../../workers/src/workers.module.js';\n\nexport const app = WorkersModule;\n",
      ],
      [
        'the workers importing the api',
        'workers/src/payments/planted.ts',
        "import { AppModule } from '../../../api/src/app.module.js';\n\nexport const app = AppModule;\n",
      ],
      [
        'a lib importing an app',
        'libs/db/src/planted.ts',
        "import { AppModule } from '../../../api/src/app.module.js';\n\nexport const app = AppModule;\n",
      ],
      [
        'the web importing the api',
        'web/src/planted.ts',
        "import { AppModule } from '../../api/src/app.module.js';\n\nexport const app = AppModule;\n",
      ],
      [
        'an api spec importing the harness of integration/',
        'api/src/planted.spec.ts',
        "import { startShopStack } from '../../integration/src/shop-stack.js';\n\nexport const start = startShopStack;\n",
      ],
      [
        'infra/ importing bench/',
        'infra/chaos/planted.mjs',
        "import { cpuMillisOf } from '../../bench/lib/cpu.mjs';\n\nexport const cpu = cpuMillisOf;\n",
      ],
    ])('refuses %s', async (_who, path, source) => {
      expect(await firedOn(path, source)).toContain(boundary);
    });

    it('lets the specs of integration/ run both apps, and libs use the sandbox', async () => {
      const bothApps =
        "import { AppModule } from '../../api/src/app.module.js';\nimport { WorkersModule } from '../../workers/src/workers.module.js';\n\nexport const apps = [AppModule, WorkersModule];\n";
      expect(await firedOn('integration/src/planted.ts', bothApps)).toEqual([]);
      expect(
        await firedOn(
          'libs/testing/src/planted.ts',
          "import { startSandbox } from '@shop/sandbox';\n\nexport const start = startSandbox;\n",
        ),
      ).toEqual([]);
    });
  });

  /** The no-restricted-syntax messages for `statements` as the body of a function planted at `path` beside `imports`. */
  const plantedFunction = (imports: string, signature: string) => async (path: string, statements: string) => {
    const source = `${imports}\n\n${signature} {\n${statements}\n}\n`;
    const [result] = await new ESLint({ cwd: repoRoot }).lintText(source, { filePath: join(repoRoot, path) });
    return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
  };

  describe('ESLint: one way to move a payment', () => {
    const restrictedIn = plantedFunction(
      "import { Order, Payment } from '@shop/db';",
      'export async function planted(manager: any, order: any, payment: any)',
    );
    const movePaymentMessage = expect.stringContaining('movePayment');

    it.each([
      ["an order's paymentStatus assigned", "  order.paymentStatus = 'paid';"],
      ["a payment's status assigned", "  payment.status = 'failed';"],
      ["an order's paymentStatus updated", "  await manager.update(Order, { id: 1 }, { paymentStatus: 'paid' });"],
      ["a payment's status updated", "  await manager.update(Payment, { id: 1 }, { status: 'paid', failureReason: null });"],
      [
        "a payment's status updated through its repository",
        "  await manager.getRepository(Payment).update({ id: 1 }, { status: 'failed' });",
      ],
      [
        "a payment's status set by a query builder",
        "  await manager.createQueryBuilder().update(Payment).set({ status: 'paid' }).execute();",
      ],
      ['paymentStatus written in SQL', '  await manager.query("UPDATE `orders` SET `paymentStatus` = \'paid\' WHERE `id` = 1");'],
    ])('refuses %s outside the payment state machine', async (_what, statements) => {
      expect(await restrictedIn('workers/src/payments/planted.ts', statements)).toContainEqual(movePaymentMessage);
    });

    it('lets the state machine write them, and others read them or match on them', async () => {
      expect(await restrictedIn('libs/db/src/payments/payment-transitions.ts', "  order.paymentStatus = 'paid';")).toEqual([]);
      const readsAndMatches = [
        "  await manager.getRepository(Payment).update({ id: 1, status: 'pending' }, { providerReceipt: 'R1' });",
        "  await manager.find(Order, { where: { paymentStatus: 'paid' } });",
        "  return order.paymentStatus === 'paid';",
      ].join('\n');
      expect(await restrictedIn('api/src/orders/planted.ts', readsAndMatches)).toEqual([]);
    });
  });

  describe('ESLint: the web decides on codes', () => {
    const refusedIn = plantedFunction(
      "import { MESSAGES } from '@shop/contracts';\nimport { ApiError } from '../../lib/api-client';",
      'export function planted(error: any, status: number)',
    );
    const codeMessage = expect.stringContaining('isRefusedWith');

    it.each([
      ["an error's status", '  return error instanceof ApiError && error.status === 409;'],
      ['a status turned around', '  return 404 === error.statusCode;'],
      ['a bare status', '  return status >= 500;'],
      ['a catalogue message', '  return error.message === MESSAGES.address.maxReached;'],
      ['a catalogue message with a value', "  return error.message !== MESSAGES.checkout.outOfStock('Kite', 1);"],
      ["a message's words", "  return error.message.includes('out of stock');"],
    ])('refuses a branch on %s', async (_what, statements) => {
      expect(await refusedIn('web/src/features/cart/planted.ts', statements)).toContainEqual(codeMessage);
    });

    it('lets the web decide on codes, and specs build refusals by status', async () => {
      expect(await refusedIn('web/src/features/cart/planted.ts', "  return error.code === 'STOCK_SHORT' && status === undefined;")).toEqual(
        [],
      );
      expect(await refusedIn('web/src/features/cart/planted.spec.ts', '  return error.status === 409;')).toEqual([]);
    });
  });
});
