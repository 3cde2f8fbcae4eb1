// The page's formatting: amounts in US format from integer minor units, and cards by name.
import { describe, expect, test } from 'vitest';
import { boardAfter } from '../../web/src/events.ts';
import { betLabel, delta, face, money, parseMoney } from '../../web/src/format.ts';

const usd = { minorPerUnit: 100 };

describe('web formatting', () => {
  test('amounts are US format with two decimals, signs where asked', () => {
    expect(money(123456, usd)).toBe('1,234.56');
    expect(money(0, usd)).toBe('0.00');
    expect(money(5, usd)).toBe('0.05');
    expect(money(100000000, usd)).toBe('1,000,000.00');
    expect(money(-250, usd)).toBe('-2.50');
    expect(delta(1000, usd)).toBe('+10.00');
    expect(delta(-1000, usd)).toBe('-10.00');
  });

  test('typed amounts become minor units exactly, or null', () => {
    expect(parseMoney('1,234.5', usd)).toBe(123450);
    expect(parseMoney('10', usd)).toBe(1000);
    expect(parseMoney('0.07', usd)).toBe(7);
    expect(parseMoney('1.005', usd)).toBeNull();
    expect(parseMoney('ten', usd)).toBeNull();
  });

  test('cards by code or engine number, with colour and name', () => {
    expect(face('QH')).toMatchObject({ rank: 'Q', red: true, name: 'Queen of hearts' });
    expect(face('TS')).toMatchObject({ rank: '10', red: false, name: '10 of spades' });
    expect(face('10D')?.code).toBe('TD');
    expect(face(null as unknown as string)).toBeNull();
  });

  test('bet names in words', () => {
    expect(betLabel('andar/no-commission')).toBe('Andar (no commission)');
    expect(betLabel('cards-6-10')).toBe('Cards 6–10');
    expect(betLabel('cards-46-49/no-commission')).toBe('Cards 46–49 (no commission)');
  });

  test('a recall board turns the face-down hole card over when it is shown', () => {
    const board = boardAfter([
      { type: 'card', to: 'seat-1', card: 'QH' },
      { type: 'card', to: 'dealer', card: 'AS' },
      { type: 'card', to: 'dealer-hole', card: null },
    ]);
    expect(board).toEqual([
      ['seat-1', ['QH']],
      ['dealer', ['AS', null]],
    ]);
    expect(
      boardAfter([
        { type: 'card', to: 'dealer', card: 'AS' },
        { type: 'card', to: 'dealer-hole', card: null },
        { type: 'hole-shown', card: 'TS' },
      ]),
    ).toEqual([['dealer', ['AS', 'TS']]]);
  });
});
