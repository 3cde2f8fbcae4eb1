// The studio's figures for a pack text not yet saved: each bet's exact RTP, each pay line's share,
// and what changed against the saved file (lambdas/math/diff.ts). Runs in a worker thread (see
// studio-worker.ts) so a blackjack analysis never holds up the validator's answers.
import { diffPacks, type PackDiff } from '../lambdas/math/diff.ts';
import { behindRows, type LineRow, lineRows, type RtpRow, rtpRows } from '../lambdas/math/rtp.ts';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { formatDiagnostic, PackError, packFromSource } from '../lambdas/pack/load.ts';
import { parseSource } from '../lambdas/pack/source.ts';

export interface MathRequest {
  /** The pack file's path (side-bet modules and charts are found next to it). */
  path: string;
  text: string;
  saved: string;
}

export type MathAnswer =
  | {
      ok: true;
      rtp: RtpRow[];
      lines: { bet: string; mode: string | null; lines: LineRow[] }[];
      diff: PackDiff;
    }
  | { ok: false; errors: string[] };

/** The compiled saved version, by its text: compared against on every edit. */
let saved: { text: string; pack: CompiledPack | PackError } | undefined;

const compile = (path: string, text: string): CompiledPack => packFromSource(parseSource(path, text));

export function studioMath(request: MathRequest): MathAnswer {
  let after: CompiledPack;
  try {
    after = compile(request.path, request.text);
  } catch (error) {
    if (error instanceof PackError) return { ok: false, errors: error.diagnostics.map(formatDiagnostic) };
    throw error;
  }
  if (saved?.text !== request.saved) {
    let pack: CompiledPack | PackError;
    try {
      pack = compile(request.path, request.saved);
    } catch (error) {
      if (!(error instanceof PackError)) throw error;
      pack = error;
    }
    saved = { text: request.saved, pack };
  }
  const before = saved.pack instanceof PackError ? after : saved.pack;
  return {
    ok: true,
    rtp: [...rtpRows(after), ...behindRows(after)],
    lines: lineRows(after).map((o) => ({ bet: o.bet, mode: o.mode, lines: [...o.lines] })),
    // A saved file that does not compile has nothing to compare with: no changes are listed.
    diff: diffPacks(before, after, { lines: true }),
  };
}
