// The ledger's, pay tables' and chart's codes are TypeScript enums so that esbuild writes their
// values where they are used when it bundles (ledger.ts, Status): a const stays a module variable
// that V8 loads and checks on every use. The simulator's worker bundle is where that counts.
import { expect, test } from 'vitest';
import { workerUrl } from '../../lambdas/sim/bundle.ts';

test('the simulation worker bundle has the codes written in, and no module variable holds them', async () => {
  const url = (await workerUrl()).href;
  const code = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64').toString();
  expect(code).toContain('/* OPEN */');
  for (const name of [
    'Status',
    'Insurance',
    'Line',
    'Seat',
    'Rows',
    'Bits',
    'Memo',
    'LineAt',
    'Paying',
    'How',
    'ShapeMemo',
    'Bit',
  ])
    expect(code).not.toMatch(new RegExp(`\\bvar ${name}\\b`));
}, 60_000);
