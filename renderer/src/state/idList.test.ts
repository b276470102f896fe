import { afterEach, describe, expect, it } from 'vitest';
import type { SoundTableInfo } from '../../../core/contract';
import { waveInfo } from '../../../core/test/contractFixtures';
import { useDat } from './datStore';
import { idsToCopy, selectPastedIds } from './idList';
import { resetNav, selectWaves, setTab, useNav } from './navStore';

const table = (id: number): SoundTableInfo => ({
  id,
  label: null,
  soundTypeCount: 0,
  entryCount: 0,
  sounds: [],
  warnings: [],
  error: null,
});

afterEach(() => {
  resetNav();
  setTab('soundTables');
  useDat.setState({ waves: [], soundTables: [] });
});

describe('pasted ids select their rows; Ctrl+C copies the selected ids', () => {
  it('pasting ids selects the Waves found, says how many were found and which were not', () => {
    useDat.setState({ waves: [waveInfo(0x0a000012), waveInfo(0x0a000013)], soundTables: [table(0x20000001)] });
    const p = selectPastedIds([0x0a000013, 0x0a000012, 0x20000001, 0x0a0000ff]);
    expect(p.waves).toEqual([0x0a000013, 0x0a000012]);
    expect(p.soundTables).toEqual([0x20000001]);
    expect(p.notFound).toEqual([0x0a0000ff]);
    const nav = useNav.getState();
    expect(nav.tab).toBe('waves');
    expect(nav.selectedWaves).toEqual([0x0a000013, 0x0a000012]);
    expect(nav.current).toEqual({ kind: 'wave', id: 0x0a000013 });
    expect(nav.listNotice).toBe('4 ids pasted: 3 found (2 Waves selected, 1 SoundTable), 1 not found: 0x0A0000FF');
  });
  it('only SoundTable ids: the first opens in the SoundTables list', () => {
    useDat.setState({ waves: [], soundTables: [table(0x20000001), table(0x20000002)] });
    selectPastedIds([0x20000002, 0x20000001]);
    expect(useNav.getState().tab).toBe('soundTables');
    expect(useNav.getState().current).toEqual({ kind: 'table', id: 0x20000002 });
    expect(useNav.getState().listNotice).toBe('2 ids pasted: 2 found (2 SoundTables), 0 not found');
  });
  it("Ctrl+C copies the selected Waves in the list's order, elsewhere the cursor row", () => {
    setTab('waves');
    selectWaves([0x0a000013, 0x0a000011]);
    expect(idsToCopy([0x0a000011, 0x0a000012, 0x0a000013])).toEqual([0x0a000011, 0x0a000013]);
    setTab('soundTables');
    useNav.setState((s) => ({ cursor: { ...s.cursor, soundTables: 0x20000001 } }));
    expect(idsToCopy([0x20000001])).toEqual([0x20000001]);
  });
});
