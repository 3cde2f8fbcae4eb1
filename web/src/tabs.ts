// Several players in tabs of one browser on the same table: each tab tells the others (through a
// BroadcastChannel, never through the server, which shows a player only their own bets) what its
// player holds and how their last round ended, so the tabs see each other's results.
import { useEffect, useRef, useState } from 'preact/hooks';

export interface TabReport {
  player: string;
  roundId: string;
  roundNo: number;
  phase: string;
  hands: string[][];
  /** The player's last settled round: its id, number and net result in minor units. */
  last: { roundId: string; roundNo: number; staked: number; returned: number } | null;
  at: number;
}

export function useTabs(channelName: string | null, mine: TabReport | null): TabReport[] {
  const [others, setOthers] = useState<Record<string, TabReport>>({});
  const channel = useRef<BroadcastChannel | null>(null);
  const latest = useRef<TabReport | null>(mine);
  latest.current = mine;

  useEffect(() => {
    setOthers({});
    if (!channelName || typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(channelName);
    channel.current = ch;
    ch.onmessage = (e: MessageEvent) => {
      const msg = e.data as { kind: 'report'; report: TabReport } | { kind: 'hello' } | { kind: 'bye'; player: string };
      if (msg.kind === 'hello') {
        if (latest.current) ch.postMessage({ kind: 'report', report: latest.current });
      } else if (msg.kind === 'bye') {
        setOthers((o) => {
          const { [msg.player]: _gone, ...rest } = o;
          return rest;
        });
      } else if (msg.kind === 'report' && msg.report.player !== latest.current?.player) {
        setOthers((o) => ({ ...o, [msg.report.player]: msg.report }));
      }
    };
    ch.postMessage({ kind: 'hello' });
    const bye = () => latest.current && ch.postMessage({ kind: 'bye', player: latest.current.player });
    addEventListener('pagehide', bye);
    return () => {
      bye();
      removeEventListener('pagehide', bye);
      ch.close();
      channel.current = null;
    };
  }, [channelName]);

  const text = mine ? JSON.stringify({ ...mine, at: 0 }) : '';
  useEffect(() => {
    if (mine && channel.current) channel.current.postMessage({ kind: 'report', report: mine });
  }, [text]);

  return Object.values(others).sort((a, b) => a.player.localeCompare(b.player));
}
