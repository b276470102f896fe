import { describe, expect, it } from 'vitest';
import { cellAt, cellCorner, cellIndex, landblockOfCell, RING_CELLS, ringCellOrder, ringOfLandblocks } from './ring';

describe('the 3×3 landblock ring', () => {
  it('one value fills all 576 cells', () => {
    const ring = ringOfLandblocks({ terrainType: 1, scene: 0 });
    expect(ring.cells).toHaveLength(576);
    expect(ring.cells.every((c) => c.terrainType === 1 && c.scene === 0)).toBe(true);
  });

  it('nine values go in row order, north-west first', () => {
    const ring = ringOfLandblocks(Array.from({ length: 9 }, (_, b) => ({ terrainType: b, scene: 0 })));
    expect(ring.cells[cellIndex(0, RING_CELLS - 1)]!.terrainType).toBe(0); // north-west corner
    expect(ring.cells[cellIndex(RING_CELLS - 1, RING_CELLS - 1)]!.terrainType).toBe(2); // north-east
    expect(ring.cells[cellIndex(12, 12)]!.terrainType).toBe(4); // middle
    expect(ring.cells[cellIndex(0, 0)]!.terrainType).toBe(6); // south-west
    expect(ring.cells[cellIndex(23, 0)]!.terrainType).toBe(8); // south-east
    expect(landblockOfCell(8, 16)).toBe(1);
  });

  it('rejects other counts', () =>
    expect(() =>
      ringOfLandblocks([
        { terrainType: 0, scene: 0 },
        { terrainType: 0, scene: 0 },
      ]),
    ).toThrow(RangeError));

  it('the emitter is the cell’s lowest-x, lowest-y corner: (cx·24, cy·24)', () =>
    expect(cellCorner(3, 5)).toEqual({ x: 72, y: 120 }));

  it('cellAt: (288, 288) is cell (12, 12); outside the ring is null', () => {
    expect(cellAt(288, 288)).toEqual({ cx: 12, cy: 12 });
    expect(cellAt(191.9, 0)).toEqual({ cx: 7, cy: 0 });
    expect(cellAt(576, 10)).toBeNull();
    expect(cellAt(-0.1, 10)).toBeNull();
  });

  it('the registration order visits every cell once, north-west landblock first, x-major', () => {
    const order = [...ringCellOrder()];
    expect(order).toHaveLength(576);
    expect(new Set(order.map(([x, y]) => cellIndex(x, y))).size).toBe(576);
    expect(order.slice(0, 2)).toEqual([
      [0, 16],
      [0, 17],
    ]);
    expect(order[8]).toEqual([1, 16]);
    expect(order[64]).toEqual([8, 16]);
  });
});
