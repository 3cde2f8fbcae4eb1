// Progress of a long command, on stderr only (stdout stays the command's answer): a redrawn bar
// when stderr is a terminal, otherwise one plain line per tenth of the work.
import type { WriteStream } from 'node:tty';

export interface Progress {
  update(done: number, total: number): void;
  /** Clears the bar (terminal) or prints the last line; call once. */
  finish(): void;
}

const BAR = 30;
const REDRAW_MS = 100;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function progress(label: string, stream: NodeJS.WriteStream & Partial<WriteStream> = process.stderr): Progress {
  // The rate counts from the first report, so start-up (bundling, workers compiling) is left out.
  let first: { at: number; done: number } | null = null;
  let lastDraw = 0;
  let lastTenth = -1;
  let lastDone = 0;
  let lastTotal = 0;
  const tty = stream.isTTY === true;
  const line = (done: number, total: number) => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const seconds = first ? (performance.now() - first.at) / 1000 : 0;
    const rate = first && seconds > 0 ? (done - first.done) / seconds : 0;
    const speed = rate > 0 ? ` ${fmt(rate)}/s` : '';
    const eta = rate > 0 && done < total ? ` ETA ${Math.ceil((total - done) / rate)}s` : '';
    const filled = Math.round(share * BAR);
    return `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ${fmt(done)}/${fmt(total)}${speed}${eta}`;
  };
  return {
    update(done, total) {
      first ??= { at: performance.now(), done };
      lastDone = done;
      lastTotal = total;
      if (tty) {
        const now = performance.now();
        if (now - lastDraw < REDRAW_MS && done < total) return;
        lastDraw = now;
        const text = line(done, total);
        stream.write(`\r${text.slice(0, Math.max(20, (stream.columns || 100) - 1))}\x1b[K`);
        return;
      }
      const tenth = total > 0 ? Math.floor((10 * done) / total) : 10;
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`${label}: ${tenth * 10}% (${fmt(done)}/${fmt(total)} rounds)\n`);
      }
    },
    finish() {
      if (tty) stream.write('\r\x1b[K');
      else if (lastTenth < 10 && lastTotal > 0)
        stream.write(`${label}: 100% (${fmt(lastDone)}/${fmt(lastTotal)} rounds)\n`);
    },
  };
}
