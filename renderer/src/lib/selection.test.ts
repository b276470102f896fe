import { describe, expect, it } from 'vitest';
import { selectionCountText, visibleSelection } from './selection';

describe('the selection acts on the rows the list shows', () => {
  it('keeps only the shown selected ids, in the list order, and counts the hidden ones', () => {
    const sel = visibleSelection([5, 1, 9, 3], [3, 4, 5]);
    expect(sel).toEqual({ ids: [3, 5], hidden: 2 });
  });
  it('the count never exceeds the rows shown and names the hidden selected rows', () => {
    const selected = Array.from({ length: 27 }, (_, i) => i);
    const shown = [0, 1, 2, 3, 4, 5, 6, 7];
    const text = selectionCountText(visibleSelection(selected, shown), shown.length);
    expect(text).toBe('8 of 8 Waves selected · 19 more hidden by the search (not copied or exported)');
  });
  it('says nothing of hidden rows when none are hidden', () => {
    expect(selectionCountText(visibleSelection([1, 2], [1, 2, 3]), 3)).toBe('2 of 3 Waves selected');
  });
});
