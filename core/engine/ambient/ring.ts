/**
 * The world the ambient scheduler hears: a 3×3 ring of landblocks around the listener's
 * landblock, each 8×8 land cells of 24 m (sound-sources §6.7; retail-engine §5.3). Since cells
 * count only within 120 m, a listener in the middle landblock hears every cell that retail would.
 *
 * Coordinates are ring metres: x east, y north, origin at the south-west corner of the
 * south-west landblock, so the ring spans 0..576 m on each axis and the middle landblock
 * 192..384 m. A cell (cx, cy), cx, cy ∈ 0..23, has its emitter at its lowest-x, lowest-y corner
 * vertex (cx·24, cy·24) on flat ground (z = 0).
 */

/** Metres per land cell side (`LandDefs` cell_size). */
export const CELL_SIZE = 24;
/** Land cells per landblock side. */
export const CELLS_PER_BLOCK = 8;
/** Landblocks per ring side. */
export const RING_BLOCKS = 3;
/** Land cells per ring side (24). */
export const RING_CELLS = CELLS_PER_BLOCK * RING_BLOCKS;
/** Metres per ring side (576). */
export const RING_SIZE = RING_CELLS * CELL_SIZE;
/** The centre of the middle landblock (288, 288): the default listener position. */
export const RING_CENTRE = { x: RING_SIZE / 2, y: RING_SIZE / 2 } as const;

/** What a land cell contributes: its corner vertex's terrain type (0..31) and scene value (0..31). */
export interface RingCell {
  terrainType: number;
  scene: number;
}

/** The ring's cells, `cells[cy · 24 + cx]` (row-major from the south-west corner). */
export interface AmbientRing {
  cells: readonly RingCell[];
}

/** The index of cell (cx, cy) in {@link AmbientRing.cells}. */
export function cellIndex(cx: number, cy: number): number {
  return cy * RING_CELLS + cx;
}

/**
 * Builds a ring from one cell value for all nine landblocks, or nine values, one per landblock
 * in row order with the north-west landblock first (the CLI's `--terrain T1,…,T9`): index
 * b = row·3 + col, row 0 = north. Every cell of a landblock gets its landblock's value.
 * @throws RangeError when given neither 1 nor 9 values
 */
export function ringOfLandblocks(blocks: RingCell | readonly RingCell[]): AmbientRing {
  const list = Array.isArray(blocks) ? (blocks as readonly RingCell[]) : [blocks as RingCell];
  if (list.length !== 1 && list.length !== RING_BLOCKS * RING_BLOCKS) {
    throw new RangeError(`a ring takes 1 or ${RING_BLOCKS * RING_BLOCKS} landblock values, got ${list.length}`);
  }
  const cells: RingCell[] = new Array<RingCell>(RING_CELLS * RING_CELLS);
  for (let cy = 0; cy < RING_CELLS; cy++) {
    for (let cx = 0; cx < RING_CELLS; cx++) {
      const b = list.length === 1 ? 0 : landblockOfCell(cx, cy);
      const v = list[b]!;
      cells[cellIndex(cx, cy)] = { terrainType: v.terrainType, scene: v.scene };
    }
  }
  return { cells };
}

/** The landblock (0..8, row order, north-west first) that holds cell (cx, cy). */
export function landblockOfCell(cx: number, cy: number): number {
  const col = Math.floor(cx / CELLS_PER_BLOCK);
  const row = RING_BLOCKS - 1 - Math.floor(cy / CELLS_PER_BLOCK);
  return row * RING_BLOCKS + col;
}

/**
 * The order in which the scheduler registers cells (a choice, docs/ambient.md "Order"): the
 * landblocks in row order, north-west first; inside each, x-major (cx outer, cy inner, as the
 * client walks `terrain[x·9 + y]`). Yields [cx, cy] pairs; 576 in all.
 */
export function* ringCellOrder(): Generator<[number, number]> {
  for (let b = 0; b < RING_BLOCKS * RING_BLOCKS; b++) {
    const col = b % RING_BLOCKS;
    const row = Math.floor(b / RING_BLOCKS);
    const x0 = col * CELLS_PER_BLOCK;
    const y0 = (RING_BLOCKS - 1 - row) * CELLS_PER_BLOCK;
    for (let x = 0; x < CELLS_PER_BLOCK; x++) for (let y = 0; y < CELLS_PER_BLOCK; y++) yield [x0 + x, y0 + y];
  }
}

/** The corner vertex of cell (cx, cy) in ring metres: (cx·24, cy·24). */
export function cellCorner(cx: number, cy: number): { x: number; y: number } {
  return { x: cx * CELL_SIZE, y: cy * CELL_SIZE };
}

/**
 * The cell a position (ring metres) stands in, or null outside the ring. The scheduler
 * rebuilds when this changes. (288, 288) → (12, 12); (191.9, 0) → (7, 0).
 */
export function cellAt(x: number, y: number): { cx: number; cy: number } | null {
  if (!(x >= 0 && x < RING_SIZE && y >= 0 && y < RING_SIZE)) return null;
  return { cx: Math.floor(x / CELL_SIZE), cy: Math.floor(y / CELL_SIZE) };
}
