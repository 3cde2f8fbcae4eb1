// The local server as its own process, for the crash test to kill: every pack over the test run's
// DynamoDB Local (CRASH_ENDPOINT) with its own table names (CRASH_PREFIX), on PORT. Prints one JSON
// line with its URL once it listens.
import { startServer } from '../../../cli/commands/serve.ts';

const endpoint = process.env.CRASH_ENDPOINT;
const tablePrefix = process.env.CRASH_PREFIX;
if (!endpoint || !tablePrefix) throw new Error('CRASH_ENDPOINT and CRASH_PREFIX must be set');
const server = await startServer({
  port: Number(process.env.PORT ?? 0),
  quiet: true,
  sweepMs: 1000,
  dynamo: { endpoint, tablePrefix },
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
