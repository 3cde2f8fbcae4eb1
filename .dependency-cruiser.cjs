// The project's layering, checked by `npm test` (scripts/run-tests.mjs) with dependency-cruiser:
//
//   core  <-  pack  <-  engine  <-  sim, scenario, audit, handlers  <-  cli, server
//              ^  \-  math  <-/
//
// core is cards, money, shoes and random numbers; pack reads and compiles rule packs (and their
// strategy charts); engine is the interpreter, pure (no I/O, no clock, no randomness but what its
// context brings); math is the exact analysis. Type-only imports count as imports here.

/** The handlers' entry files: what infra bundles, and all of lambdas/handlers that cli may import. */
const HANDLER_ENTRIES = '^lambdas/handlers/(api|sweep|simulate|aggregate)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules import downwards only: a cycle, type-only or not, makes an order of reading impossible.',
      severity: 'error',
      from: { path: '^lambdas/' },
      to: { circular: true },
    },
    {
      name: 'engine-only-core-and-pack',
      comment:
        'The interpreter is pure: it imports core and the compiled pack only (no store, handlers, http, auth, sim, ' +
        'math, AWS SDK or node: I/O module), and nothing of the pack loader that reads files.',
      severity: 'error',
      from: { path: '^lambdas/engine/' },
      to: {
        pathNot: ['^lambdas/(engine|core)/', '^lambdas/pack/(compiled|chart|conditions|line-table|schema)\\.ts$'],
      },
    },
    {
      name: 'engine-front-door',
      comment: 'Code outside the interpreter uses lambdas/engine/index.ts, never a module behind it.',
      severity: 'error',
      from: { pathNot: '^lambdas/engine/' },
      to: { path: '^lambdas/engine/', pathNot: '^lambdas/engine/index\\.ts$' },
    },
    {
      name: 'core-is-the-floor',
      comment: 'Cards, money, shoes and random numbers import nothing of the project above them.',
      severity: 'error',
      from: { path: '^lambdas/core/' },
      to: { path: '^lambdas/', pathNot: '^lambdas/core/' },
    },
    {
      name: 'pack-only-core',
      comment: 'The pack loader knows nothing of the interpreter or of the math that analyses packs.',
      severity: 'error',
      from: { path: '^lambdas/pack/' },
      to: { path: '^lambdas/', pathNot: '^lambdas/(pack|core)/' },
    },
    {
      name: 'math-only-core-and-pack',
      comment: 'The exact analysis reads compiled packs and charts; it never runs the interpreter.',
      severity: 'error',
      from: { path: '^lambdas/math/' },
      to: { path: '^lambdas/', pathNot: '^lambdas/(math|pack|core)/' },
    },
    {
      name: 'audit-and-cli-through-public-surfaces',
      comment:
        'The verifier and the command line reach the store through lambdas/store/index.ts and the handlers through ' +
        'their entry files only.',
      severity: 'error',
      from: { path: '^(lambdas/audit|cli)/' },
      to: {
        path: '^lambdas/(handlers|store)/',
        pathNot: ['^lambdas/store/index\\.ts$', HANDLER_ENTRIES],
      },
    },
    {
      name: 'store-front-door',
      comment:
        'Code outside the store (handlers, the local server, the verifier, the command line) uses ' +
        "lambdas/store/index.ts, never a module behind it; infra reads the key schema alone (its own rule).",
      severity: 'error',
      from: { pathNot: ['^lambdas/store/', '^infra/'] },
      to: { path: '^lambdas/store/', pathNot: '^lambdas/store/index\\.ts$' },
    },
    {
      name: 'handlers-not-imported-by-layers-below',
      comment:
        'The engine, the pack loader, math, the store, the simulator and the scenario runner never import a handler: ' +
        'a contract the handlers and the verifier share lives below both (engine/recall.ts).',
      severity: 'error',
      from: { path: '^lambdas/(engine|pack|math|core|store|sim|scenario|audit|describe)/' },
      to: { path: '^lambdas/handlers/' },
    },
    {
      name: 'infra-only-pack-and-entries',
      comment:
        "Infrastructure imports the pack loader, the analyses a bundle bakes in (math's public surface), the table's " +
        'key schema (lambdas/store/keys.ts, which imports nothing) and its own modules; handlers are entry paths ' +
        'it names, not imports.',
      severity: 'error',
      from: { path: '^infra/' },
      to: {
        path: '^lambdas/',
        pathNot: ['^lambdas/pack/', '^lambdas/math/index\\.ts$', '^lambdas/store/keys\\.ts$', HANDLER_ENTRIES],
      },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.gen\\.ts$' },
  },
};
