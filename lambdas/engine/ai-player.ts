// An AI player's turn: it reads only its own player view (R-EU-AI-1) and picks from the legal
// moves the view lists, by its level's chart (R-EU-AI-2).
import { parseCard } from '../core/cards.ts';
import { decide } from '../pack/chart.ts';
import type { Ctx, Table } from './model.ts';
import type { AiLevel, PlayAction } from './types.ts';
import { viewOf } from './view.ts';

export function aiDecision(ctx: Ctx, table: Table, player: string, level: AiLevel, seat: number | null): PlayAction {
  const chart = ctx.charts[level];
  if (!chart) throw new Error(`no ${level} strategy chart is loaded for pack ${ctx.pack.id}`);
  const view = viewOf(ctx, table, player);
  const hands = seat === null ? view.common!.yourHands : view.seats.find((s) => s.seat === seat)!.hands;
  const hand = hands.find((h) => !h.done)!;
  const legal = view.legal.filter((m) => (m.seat ?? null) === seat).map((m) => m.action as PlayAction);
  return decide(
    chart,
    hand.cards.map((c) => parseCard(c)!),
    parseCard(view.dealer.upCard!)!,
    legal,
  );
}
