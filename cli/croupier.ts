#!/usr/bin/env -S npx tsx
// The croupier command line: `npm run -s croupier -- <command> [args]`. Each command lives in
// cli/commands/<command>.ts and exports `run(args: string[]): Promise<number>` (the exit code).
import { existsSync } from 'node:fs';

const USAGE = `usage: croupier <command> [args]

commands:
  validate [paths...]        check rule packs, side-bet modules, charts and scenarios (default rules/)
  test [paths...]            run scenario files (default rules/scenarios/)
  play <pack> [--seed S] [--shoe CARDS]
                             play a round in the terminal
  rtp <pack> [--lines] [--json]
                             exact RTP of every bet of a pack; --lines: each pay-table
                             line's probability and share of the RTP
  simulate <pack> --rounds N [--seed S] [--workers W] [--json]
                             simulate rounds with the pack's best basic strategy
  strategy <pack>            the basic-strategy chart the pack's best play follows
  help-page <pack> [--lang en|id|ms] [--format html|md] [--out FILE]
                             the player's help page, generated from the pack's rules
  report <pack> [--out FILE] [--rounds N] [--seed S]
                             the pack's math report as one HTML file (default 10 M simulated rounds)
  verify <recall.json> [--pack PATH] [--json]
                             check a round from an operator's recall: seed, pack, replay
  token --sub ID --role player|operator [--demo]
                             a JWT for the local server
  serve                      run every pack's API locally (npm start)`;

const [command, ...args] = process.argv.slice(2);
if (command === '--help' || command === '-h' || command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (!command) {
  console.error(USAGE);
  process.exit(2);
}
// Only a plain name (words joined by dashes) can be a command file: anything else is unknown, never a path to import.
const file = new URL(`./commands/${/^[a-z]+(-[a-z]+)*$/.test(command) ? command : '-'}.ts`, import.meta.url);
if (!existsSync(file)) {
  console.error(`croupier: unknown command "${command}"\n\n${USAGE}`);
  process.exit(2);
}
const { run } = (await import(file.href)) as { run: (args: string[]) => Promise<number> };
process.exitCode = await run(args);
