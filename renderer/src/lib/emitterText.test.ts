import { describe, expect, it } from 'vitest';
import { emitterName, silentNote } from './emitterText';

const inaudible = 'inaudible (below −50 dB)';
const mark = (heard: boolean, why: string | null = heard ? null : inaudible) => ({
  name: 'Ambient2',
  distance: 106.8,
  bearing: -42.6,
  heard,
  why,
});

describe('the Soundscape picture’s words for its marks', () => {
  it('a mark is named by its sound, place and outcome: inaudible and why, or heard', () => {
    expect(emitterName(mark(false))).toBe('Ambient2 at 106.8 m, bearing -42.6°: inaudible (below −50 dB)');
    expect(emitterName(mark(true))).toBe('Ambient2 at 106.8 m, bearing -42.6°: heard');
    expect(emitterName({ ...mark(false, 'dropped (all 16 voices busy)'), bearing: null, distance: 0 })).toBe(
      'Ambient2 at 0.0 m: dropped (all 16 voices busy)',
    );
  });

  it('when no play drawn was heard the picture says so, with the one reason or a pointer to the log', () => {
    expect(silentNote([])).toBeNull();
    expect(silentNote([mark(false), mark(true)])).toBeNull();
    expect(silentNote([mark(false)])).toEqual(['No positional play heard', `1 play: ${inaudible}`]);
    expect(silentNote([mark(false), mark(false)])).toEqual(['No positional play heard', `2 plays: ${inaudible}`]);
    expect(silentNote([mark(false), mark(false, 'cannot play: Corrupt dat: block chain of 0x0A000072 …')])).toEqual([
      'No positional play heard',
      '2 plays made no sound (the log says why)',
    ]);
  });
});
