import { describe, expect, it } from 'vitest';
import { lostRangeNote } from './lostRanges';

const W =
  'Setups 0x02000000–0x0200FFFF cannot be listed: B-tree node continues with link 0x000B4000, beyond the end of the file (500000 bytes; the header declares 774144 bytes, so the file looks truncated) at offset 0x00043400';

describe('an empty graph list on a truncated dat says which ids could not be read, not "this dat has none"', () => {
  it('names the lost range of its kind', () => {
    expect(lostRangeNote([W], 'Setups', 'creatures')).toBe(
      'No creatures could be listed: Setups 0x02000000–0x0200FFFF could not be read (the file looks truncated).',
    );
  });
  it('null when no warning names the kind', () => {
    expect(lostRangeNote([W], 'PhysicsScripts', 'effects')).toBeNull();
    expect(lostRangeNote([], 'Setups', 'creatures')).toBeNull();
    expect(lostRangeNote(undefined, 'Setups', 'creatures')).toBeNull();
  });
});
