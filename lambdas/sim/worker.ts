// The body of one simulation worker thread (lambdas/sim/workers.ts starts it): compiles the pack
// artifact it is given once, then plays every sub-batch the parent sends through simulateBatch and
// posts back its progress and its tallies. No randomness of its own: each sub-batch brings its seed.
import { parentPort, workerData } from 'node:worker_threads';
import { fromArtifact, type PackArtifact } from '../pack/artifact.ts';
import type { Chart } from '../pack/chart.ts';
import { simulateBatch } from './batch.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface WorkerInput {
  artifact: PackArtifact;
  chart: Chart | null;
}

const port = parentPort!;
const input = workerData as WorkerInput;
const { pack } = fromArtifact(input.artifact);
const post = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if (message.type === 'stop') {
    port.close();
    return;
  }
  const { index, rounds, seed } = message;
  try {
    const result = simulateBatch(pack, input.chart, rounds, seed, (done) => post({ type: 'progress', index, done }));
    post({ type: 'result', index, result });
  } catch (e) {
    post({ type: 'error', index, message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
post({ type: 'ready' });
