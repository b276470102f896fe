import { describe, expect, it } from 'vitest';
import { gridKeyAction } from './gridKeys';

describe('grid keys', () => {
  it('↓ from no cursor goes to the first row; ↑/↓ step and clamp', () => {
    expect(gridKeyAction('ArrowDown', -1, 5, 10)).toEqual({ kind: 'move', index: 0 });
    expect(gridKeyAction('ArrowDown', 1, 5, 10)).toEqual({ kind: 'move', index: 2 });
    expect(gridKeyAction('ArrowDown', 4, 5, 10)).toEqual({ kind: 'move', index: 4 });
    expect(gridKeyAction('ArrowUp', 0, 5, 10)).toEqual({ kind: 'move', index: 0 });
  });
  it('pages, Home and End', () => {
    expect(gridKeyAction('PageDown', 0, 50, 10)).toEqual({ kind: 'move', index: 10 });
    expect(gridKeyAction('PageUp', 5, 50, 10)).toEqual({ kind: 'move', index: 0 });
    expect(gridKeyAction('End', 0, 50, 10)).toEqual({ kind: 'move', index: 49 });
    expect(gridKeyAction('Home', 7, 50, 10)).toEqual({ kind: 'move', index: 0 });
  });
  it('Enter activates the cursor row, or selects the first row when there is none', () => {
    expect(gridKeyAction('Enter', 2, 5, 10)).toEqual({ kind: 'activate' });
    expect(gridKeyAction('Enter', -1, 5, 10)).toEqual({ kind: 'move', index: 0 });
  });
  it('ignores other keys and empty lists', () => {
    expect(gridKeyAction('a', 0, 5, 10)).toBeNull();
    expect(gridKeyAction('ArrowDown', -1, 0, 10)).toBeNull();
  });
});
