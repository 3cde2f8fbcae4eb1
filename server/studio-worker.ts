// The studio's math thread: studio-thread.ts run in a worker, one request at a time. Only the newest request waiting is kept: an
// edit typed while the figures of an earlier one are computed replaces the one waiting, which is
// answered `stale` (the page shows the newest figures only).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MathAnswer, MathRequest } from './studio-math.ts';

const ENTRY = fileURLToPath(new URL('./studio-thread.ts', import.meta.url));

export type Answer = MathAnswer | { ok: false; stale: true; errors: [] };

interface Waiting {
  request: MathRequest;
  done: (answer: Answer) => void;
  fail: (error: Error) => void;
}

export class StudioMathThread {
  private worker: Promise<Worker> | undefined;
  private busy = false;
  private waiting: Waiting | undefined;

  compute(request: MathRequest): Promise<Answer> {
    return new Promise<Answer>((done, fail) => {
      this.waiting?.done({ ok: false, stale: true, errors: [] });
      this.waiting = { request, done, fail };
      void this.next();
    });
  }

  /** Starts the thread ahead of the first request (the studio page opening). */
  warm(): void {
    this.worker ??= start();
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }

  private async next(): Promise<void> {
    if (this.busy || !this.waiting) return;
    const job = this.waiting;
    this.waiting = undefined;
    this.busy = true;
    try {
      const worker = await (this.worker ??= start());
      const answer = await new Promise<MathAnswer>((done, fail) => {
        const onMessage = (m: { answer?: MathAnswer; error?: string }) => {
          worker.off('error', fail);
          if (m.error) fail(new Error(m.error));
          else done(m.answer!);
        };
        worker.once('message', onMessage);
        worker.once('error', fail);
        worker.postMessage(job.request);
      });
      job.done(answer);
    } catch (error) {
      this.worker = undefined; // a thread that failed is started again for the next request
      job.fail(error as Error);
    } finally {
      this.busy = false;
      void this.next();
    }
  }
}

/** The thread runs the TypeScript sources through tsx, as `npm start` does; it starts once, on the first request. */
async function start(): Promise<Worker> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(pathToFileURL(ENTRY).href)});`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
  worker.unref();
  return worker;
}
