// The players at a table, by index: the ledger and the hand holders refer to players by number, so
// the hot paths never look a name up. A name the saved state mentions without a player entry (a
// bet or seat of someone not loaded) gets an index too, marked not joined, and is never saved.
import type { AiLevel } from './types.ts';

export class Players {
  readonly names: string[] = [];
  readonly balance: number[] = [];
  readonly demo: boolean[] = [];
  readonly ai: (AiLevel | null)[] = [];
  /** Joined (a player entry in the saved state), as opposed to only named by a bet or a seat. */
  readonly joined: boolean[] = [];
  private readonly byName = new Map<string, number>();
  /** The last name looked up and its index: one player sends command after command (the simulator). */
  private lastName = '';
  private lastIndex = -1;

  /** The player's index, or -1 for a name never seen. */
  find(name: string): number {
    if (name === this.lastName) return this.lastIndex;
    const i = this.byName.get(name) ?? -1;
    this.lastName = name;
    this.lastIndex = i;
    return i;
  }

  /** The index of a joined player, or -1. */
  joinedIndex(name: string): number {
    const i = this.find(name);
    return i >= 0 && this.joined[i] ? i : -1;
  }

  /** The name's index, given one (not joined) if it has none. */
  indexOf(name: string): number {
    const i = this.find(name);
    if (i >= 0) return i;
    this.names.push(name);
    this.balance.push(0);
    this.demo.push(false);
    this.ai.push(null);
    this.joined.push(false);
    this.byName.set(name, this.names.length - 1);
    this.lastName = name;
    this.lastIndex = this.names.length - 1;
    return this.names.length - 1;
  }

  join(name: string, balance: number, demo: boolean, ai: AiLevel | null): number {
    const i = this.indexOf(name);
    this.balance[i] = balance;
    this.demo[i] = demo;
    this.ai[i] = ai;
    this.joined[i] = true;
    return i;
  }

  /** The balance of a joined player, 0 for anyone else (as a missing player entry reads). */
  balanceOf(name: string): number {
    const i = this.joinedIndex(name);
    return i < 0 ? 0 : this.balance[i];
  }
}
