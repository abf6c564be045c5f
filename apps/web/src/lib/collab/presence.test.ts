import { describe, expect, it } from 'vitest';
import { displayName, initials, peersFrom, presenceColor, PRESENCE_COLORS, selectorsOf } from './presence.ts';

const state = (email: string, selection: number | null = null) => ({
  user: { email, name: displayName(email), color: presenceColor(email) },
  selection,
});

describe('presence', () => {
  it('lists the other editors by client id, without this one and without empty states', () => {
    const states = new Map<number, unknown>([
      [30, state('admin@demo.example', 7)],
      [10, state('editor@demo.example')],
      [20, {}],
    ]);
    const peers = peersFrom(states, 10);
    expect(peers).toEqual([
      {
        clientId: 30,
        email: 'admin@demo.example',
        name: 'admin',
        color: presenceColor('admin@demo.example'),
        selection: 7,
      },
    ]);
    expect(selectorsOf(peers, 7).map((p) => p.email)).toEqual(['admin@demo.example']);
    expect(selectorsOf(peers, 8)).toEqual([]);
  });

  it('gives each email one colour of the palette, the same every time', () => {
    const color = presenceColor('Editor@demo.example');
    expect(PRESENCE_COLORS).toContain(color);
    expect(presenceColor('editor@demo.example')).toBe(color);
  });

  it('makes initials of up to two letters', () => {
    expect(initials('editor')).toBe('ED');
    expect(initials('jane.doe')).toBe('JD');
    expect(displayName('reviewer2@demo.example')).toBe('reviewer2');
  });
});
