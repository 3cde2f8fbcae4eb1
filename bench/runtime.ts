// `npm run bench` (runtime): one action end to end on the local server — HTTP to the Lambda
// handler, DynamoDB Local, the interpreter — as p50 / p99 latency. A started server with its own
// temporary data folder; a player bets and stands round after round on a seated table.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../cli/commands/serve.ts';
import { signToken } from '../lambdas/auth/index.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function benchRuntime({ quick }: { quick: boolean }): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-bench-'));
  const server = await startServer({ port: 0, dataDir, sweepMs: 60_000, quiet: true });
  try {
    const pack = 'blackjack-mewah';
    const base = `${server.url}/${pack}`;
    const op = signToken({ sub: 'bench-op', role: 'operator' });
    const player = signToken({ sub: `bench-${randomUUID().slice(0, 6)}`, role: 'player' });
    const post = async (path: string, token: string, body?: unknown) => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
          'content-type': 'application/json',
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const tableId = `bench-${randomUUID().slice(0, 8)}`;
    await post('/tables', op, { tableId });
    const sub = JSON.parse(Buffer.from(player.split('.')[1]!, 'base64url').toString()).sub as string;
    await post(`/wallets/${sub}/credit`, op, { amount: 10_000_000, reason: 'bench' });
    const samples: number[] = [];
    const rounds = quick ? 10 : 200;
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      const bet = await post(`/tables/${tableId}/bets`, player, { round: 'next', bet: 'main', seat: 1, amount: 100 });
      samples.push(performance.now() - t0);
      if (bet.status !== 200) continue;
      await post(`/tables/${tableId}/deal`, op);
      for (let k = 0; k < 10; k++) {
        const view = (await (
          await fetch(`${base}/tables/${tableId}`, { headers: { authorization: `Bearer ${player}` } })
        ).json()) as any;
        const move = view.legal?.[0];
        if (!move) break;
        const body =
          move.action === 'insurance' || String(move.action).startsWith('follow')
            ? { action: move.action, seat: move.seat, accept: false }
            : { action: 'stand', seat: move.seat };
        const t1 = performance.now();
        const r = await post(`/tables/${tableId}/actions`, player, body);
        if (r.status === 200) samples.push(performance.now() - t1);
      }
    }
    samples.sort((a, b) => a - b);
    return {
      what: 'one bet or action, HTTP to handler to DynamoDB Local and back',
      samples: samples.length,
      p50Ms: +percentile(samples, 0.5).toFixed(2),
      p99Ms: +percentile(samples, 0.99).toFixed(2),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify(await benchRuntime({ quick: process.argv.includes('--quick') }), null, 2));
