// Runs a simulation across worker threads: the run is cut into sub-batches by rounds and seed only
// (split.ts), idle workers pull the next sub-batch, and the tallies are merged in sub-batch order,
// so the result is the same for any worker count. Each worker plays through the same interpreter
// (simulateBatch) the cloud simulate function runs.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { packArtifact } from '../pack/artifact-build.ts';
import type { Chart } from '../pack/chart.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { mergeBatches } from './aggregate.ts';
import type { BatchResult } from './batch.ts';
import { workerUrl } from './bundle.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { subBatches } from './split.ts';
import { tuneForSimulation } from './tuning.ts';
import type { WorkerInput } from './worker.ts';

export interface RunOptions {
  rounds: number;
  seed: number;
  /** Threads to use (default: the cores available); never more than there are sub-batches. */
  workers?: number;
  /** Rounds finished so far, across all workers; called often, from the main thread. */
  onProgress?: (done: number, total: number) => void;
}

export interface RunResult {
  /** All sub-batches merged in sub-batch order. */
  result: BatchResult;
  /** Each sub-batch's own tallies, in sub-batch order: summed in turn, how the figures converge. */
  batches: BatchResult[];
  /** Wall time from every worker ready to the last tally in (start-up excluded). */
  seconds: number;
  workers: number;
}

export const defaultWorkers = (): number => availableParallelism();

export async function runSimulation(pack: CompiledPack, chart: Chart | null, options: RunOptions): Promise<RunResult> {
  const batches = subBatches(options.rounds, options.seed);
  const count = Math.max(1, Math.min(options.workers ?? defaultWorkers(), batches.length));
  tuneForSimulation();
  const url = await workerUrl();
  const input: WorkerInput = { artifact: packArtifact(pack), chart };
  const workers = Array.from({ length: count }, () => new Worker(url, { workerData: input }));
  try {
    return await drive(workers, batches, options);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

function drive(workers: Worker[], batches: ReturnType<typeof subBatches>, options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const results: (BatchResult | undefined)[] = new Array(batches.length);
    const inFlight = new Map<number, number>(); // sub-batch index → rounds done so far
    let next = 0;
    let finishedRounds = 0;
    let finished = 0;
    let ready = 0;
    let started = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    const progress = () => {
      if (!options.onProgress) return;
      let done = finishedRounds;
      for (const d of inFlight.values()) done += d;
      options.onProgress(done, options.rounds);
    };
    const send = (worker: Worker) => {
      if (next >= batches.length) return;
      const batch = batches[next++];
      inFlight.set(batch.index, 0);
      worker.postMessage({ type: 'batch', ...batch } satisfies ToWorker);
    };
    for (const worker of workers) {
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (finished < batches.length)
          fail(new Error(`a simulation worker stopped (exit code ${code}) before the run finished`));
      });
      worker.on('message', (message: FromWorker) => {
        if (failed) return;
        switch (message.type) {
          case 'ready':
            // The clock starts when every worker has compiled the pack, then all start together.
            // Each worker holds two sub-batches: the next waits in its queue while one plays, so no
            // worker idles for a round trip to this thread between them (a sub-batch of Andar Bahar
            // plays in ~4 ms).
            if (++ready === workers.length) {
              started = performance.now();
              for (const w of workers) send(w);
              for (const w of workers) send(w);
            }
            return;
          case 'progress':
            inFlight.set(message.index, message.done);
            progress();
            return;
          case 'error':
            fail(new Error(`simulation worker, sub-batch ${message.index}: ${message.message}`));
            return;
          case 'result':
            inFlight.delete(message.index);
            results[message.index] = message.result;
            finishedRounds += message.result.rounds;
            finished++;
            progress();
            if (finished === batches.length) {
              const seconds = (performance.now() - started) / 1000;
              const batches = results as BatchResult[];
              resolve({ result: mergeBatches(batches), batches, seconds, workers: workers.length });
            } else send(worker);
        }
      });
    }
  });
}
