/**
 * What a key does in a list grid: ↑/↓/PgUp/PgDn/Home/End move the cursor (to an index), Enter
 * activates the cursor row (or moves to the first row when there is none). Pure, so the grid and
 * the "focus is nowhere" fallback (App) share it.
 */
export type GridAction = { kind: 'move'; index: number } | { kind: 'activate' } | null;

export const GRID_KEYS: readonly string[] = ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', 'Enter'];

export function gridKeyAction(key: string, cursorIndex: number, rowCount: number, page: number): GridAction {
  if (rowCount === 0) return null;
  const clamp = (i: number): number => Math.max(0, Math.min(rowCount - 1, i));
  switch (key) {
    case 'ArrowDown':
      return { kind: 'move', index: cursorIndex < 0 ? 0 : clamp(cursorIndex + 1) };
    case 'ArrowUp':
      return { kind: 'move', index: cursorIndex < 0 ? 0 : clamp(cursorIndex - 1) };
    case 'PageDown':
      return { kind: 'move', index: clamp(cursorIndex + page) };
    case 'PageUp':
      return { kind: 'move', index: clamp(cursorIndex - page) };
    case 'Home':
      return { kind: 'move', index: 0 };
    case 'End':
      return { kind: 'move', index: rowCount - 1 };
    case 'Enter':
      return cursorIndex < 0 ? { kind: 'move', index: 0 } : { kind: 'activate' };
    default:
      return null;
  }
}
