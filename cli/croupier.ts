#!/usr/bin/env -S npx tsx
// The croupier command line: `npm run -s croupier -- <command> [args]`. Each command lives in
// cli/commands/<command>.ts and exports `run(args: string[]): Promise<number>` (the exit code). The
// compiled form in dist/ is what `npm run croupier` runs (cli/launch.mjs); `npx tsx cli/croupier.ts` runs the source.

const USAGE = `usage: croupier <command> [args]

commands:
  validate [paths...]        check rule packs, side-bet modules, charts and scenarios (default rules/)
  test [paths...]            run scenario files (default rules/scenarios/)
  play <pack> [--seed S] [--shoe CARDS]
                             play a round in the terminal
  rtp <pack> [--lines] [--json]
                             exact RTP of every bet of a pack; --lines: each pay-table
                             line's probability and share of the RTP
  diff <old> <new> [--json] [--markdown] [--lines] [--max-rtp-change PP]
                             every rule changed between two versions of a pack, in words,
                             and each bet's RTP before and after; exit 1 past PP points
  simulate <pack> --rounds N [--seed S] [--workers W] [--json]
                             simulate rounds with the pack's best basic strategy
  strategy <pack>            the basic-strategy chart the pack's best play follows
  help-page <pack> [--lang en|id|ms] [--format html|md] [--out FILE]
                             the player's help page, generated from the pack's rules
  report <pack> [--out FILE] [--rounds N] [--seed S]
                             the pack's math report as one HTML file (default 10 M simulated rounds)
  verify <recall.json> [--pack PATH] [--json]
                             check a round from an operator's recall: seed, pack, replay
  token --sub ID --role player|operator|dealer [--demo]
                             a JWT for the local server
  serve                      run every pack's API locally (npm start)`;

/** Each command's module, loaded only when it runs (in the compiled CLI, its own chunk). */
const COMMANDS: Record<string, () => Promise<{ run: (args: string[]) => Promise<number> }>> = {
  validate: () => import('./commands/validate.ts'),
  test: () => import('./commands/test.ts'),
  play: () => import('./commands/play.ts'),
  rtp: () => import('./commands/rtp.ts'),
  diff: () => import('./commands/diff.ts'),
  simulate: () => import('./commands/simulate.ts'),
  strategy: () => import('./commands/strategy.ts'),
  'help-page': () => import('./commands/help-page.ts'),
  report: () => import('./commands/report.ts'),
  verify: () => import('./commands/verify.ts'),
  token: () => import('./commands/token.ts'),
  serve: () => import('./commands/serve.ts'),
};

const [command, ...args] = process.argv.slice(2);
if (command === '--help' || command === '-h' || command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (!command) {
  console.error(USAGE);
  process.exit(2);
}
const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
if (!load) {
  console.error(`croupier: unknown command "${command}"\n\n${USAGE}`);
  process.exit(2);
}
const { run } = await load();
process.exitCode = await run(args);
