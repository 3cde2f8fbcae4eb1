// The server side of `npm run load`: the local stack as `npm start` runs it, in a process of its
// own (the players' clients do not share its event loop), counting the DynamoDB calls the HTTP
// handlers make and the messages push sends. Talks to the load run over the IPC channel.
import { startServer } from '../cli/commands/serve.ts';

interface Options {
  rulesDir: string;
  packId: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const calls: Record<string, number> = {};
/** Transactions DynamoDB cancelled, by reason (an item's code; one transaction may give several). */
const cancelled: Record<string, number> = {};
const pushed = { batches: 0, tables: 0, sent: 0, gone: 0 };
const server = await startServer({
  port: 0,
  inMemory: true,
  startTimeoutMs: 120_000,
  rulesDir: options.rulesDir,
  packIds: [options.packId],
  quiet: true,
  onDynamoCall: (command, reasons) => {
    calls[command] = (calls[command] ?? 0) + 1;
    for (const r of new Set(reasons ?? [])) cancelled[r] = (cancelled[r] ?? 0) + 1;
  },
  onFanout: (r) => {
    pushed.batches++;
    pushed.tables += r.tables;
    pushed.sent += r.sent;
    pushed.gone += r.gone;
  },
});

let stopping = false;
async function stop(): Promise<never> {
  if (!stopping) {
    stopping = true;
    await server.stop().catch(() => undefined);
  }
  process.exit(0);
}

process.on('message', (m: { type: string }) => {
  if (m.type === 'stats')
    process.send?.({ type: 'stats', calls: { ...calls }, cancelled: { ...cancelled }, pushed: { ...pushed } });
  if (m.type === 'stop') void stop();
});
// The load run ended (or died): never outlive it.
process.on('disconnect', () => void stop());
process.send?.({ type: 'ready', url: server.url });
