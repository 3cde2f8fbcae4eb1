// The body of the studio's math thread (studio-worker.ts starts it): answers each request with
// studio-math's figures, or the error that stopped them.
import { parentPort } from 'node:worker_threads';
import { type MathRequest, studioMath } from './studio-math.ts';

const port = parentPort!;
port.on('message', (request: MathRequest) => {
  try {
    port.postMessage({ answer: studioMath(request) });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
