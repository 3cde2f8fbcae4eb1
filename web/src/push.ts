// Following a table by server push (docs/push.md): one WebSocket to the pack's socket route, the
// table subscribed with the last version seen (so a reconnect catches up), reconnecting with a
// growing pause. The page polls only while this says it is disconnected.
import type { TableView } from './api.ts';

export interface PushMessage {
  version: number;
  /** `you`: the caller's own projection; `table`: what the table shows everyone. */
  audience: 'you' | 'table';
  view: TableView;
}

export interface Follower {
  stop(): void;
}

const MAX_PAUSE_MS = 15_000;

export function followTable(
  pack: string,
  token: string,
  table: string,
  onMessage: (m: PushMessage) => void,
  onConnected: (connected: boolean) => void,
): Follower {
  let version: number | undefined;
  let socket: WebSocket | null = null;
  let stopped = false;
  let pause = 500;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const url = `${location.origin.replace(/^http/, 'ws')}/${pack}/socket?token=${encodeURIComponent(token)}`;

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () =>
      ws.send(JSON.stringify({ action: 'subscribe', table, ...(version !== undefined ? { since: version } : {}) }));
    ws.onmessage = (event) => {
      const m = JSON.parse(String(event.data)) as { type: string } & Partial<PushMessage>;
      if (m.type === 'subscribed') {
        pause = 500;
        onConnected(true);
      } else if (m.type === 'table' && m.view && m.version !== undefined) {
        // Older than what was shown: a snapshot that lost a race with a newer one.
        if (version !== undefined && m.version < version) return;
        version = m.version;
        onMessage({ version: m.version, audience: m.audience ?? 'table', view: m.view });
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      onConnected(false);
      if (stopped) return;
      timer = setTimeout(connect, pause);
      pause = Math.min(MAX_PAUSE_MS, pause * 2);
    };
  };
  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}

/**
 * What the table shows everyone, laid over the caller's own view: the round, dealer, seats and
 * shared cards from `shown`; the caller's own bets, hands and moves kept while the round is the same.
 */
export function overlay(own: TableView | null, shown: TableView): TableView {
  if (!own) return shown;
  const same = own.round.id === shown.round.id;
  return {
    ...shown,
    you: own.you,
    bets: same ? own.bets : [],
    legal: same && own.round.phase === shown.round.phase ? own.legal : [],
    preselect: same && own.round.phase === shown.round.phase ? own.preselect : [],
    common: shown.common && {
      cards: shown.common.cards,
      yourHands: same ? (own.common?.yourHands ?? []) : [],
    },
  };
}
