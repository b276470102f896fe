/**
 * Every list column fits its widest realistic value at 1366×768 and 1024×700: nothing of a value
 * is cut off or replaced by an ellipsis ("106.6 …" for 106.6 KiB was). The demo dat's Waves are
 * small, so beside its own rows each column is also measured with the widest value it can show
 * (six-digit counts, "1023.9 MiB", the widest fmtSecondsShort durations, a 384000 Hz rate), set in
 * a copy of a real cell's content, with the cell's own fonts.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ListName } from './model/app';
import { writeRenumberedDat } from './model/renumberedDat';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const;

/** The widest realistic value of each column, by list and column header. */
const WIDEST: Record<ListName, Record<string, readonly string[]>> = {
  SoundTables: {
    Id: ['0x2000FFFF'],
    Types: ['999999'],
    Entries: ['999999'],
    'Used by': ['999999'],
  },
  Waves: {
    Fmt: ['IMA ADPCM', 'MS ADPCM'],
    Hz: ['384000'],
    Ch: ['8'],
    Bits: ['32'],
    // core/index secondsText under 0.5 ms, and fmtSecondsShort's widest forms
    Dur: ['< 0.001 s', '10.92 s', '1235 s', '9.999 s'],
    Size: ['1023.9 MiB', '1024.0 KiB', '999.9 KiB', '1023 B'],
    'Used by': ['999999'],
  },
  Creatures: {
    Id: ['0x0200FFFF'],
    SoundTable: ['0x2000FFFF'],
    Hooks: ['999999'],
  },
  Effects: {
    Id: ['0x3300FFFF'],
    Hooks: ['999999'],
    Length: ['1234.567 s'],
    'Used by': ['999999'],
  },
};

/** Header names of the grid's columns, in order (without the sort arrow). */
async function headers(grid: Locator): Promise<string[]> {
  return (await grid.getByRole('columnheader').allTextContents()).map((t) => t.replace(/[▲▼]/g, '').trim());
}

/** Cells of the rendered rows whose content is wider than the cell: "column: text (scrollWidth > clientWidth)". */
async function cutCells(grid: Locator): Promise<string[]> {
  const names = await headers(grid);
  return grid.evaluate((g, names) => {
    const out: string[] = [];
    for (const row of g.querySelectorAll('[role=rowgroup] [role=row]')) {
      row.querySelectorAll('[role=gridcell]').forEach((cell, i) => {
        const el = cell as HTMLElement;
        const inner = [el, ...el.querySelectorAll<HTMLElement>('*')];
        for (const e of inner)
          if (e.scrollWidth > e.clientWidth + 0.5 && getComputedStyle(e).overflowX !== 'visible')
            out.push(`${names[i]}: "${el.textContent}" (${e.scrollWidth} > ${e.clientWidth})`);
      });
    }
    return [...new Set(out)];
  }, names);
}

/** Each widest value set in a copy of the first row's cell content: those that do not fit, with widths. */
async function cutWidest(grid: Locator, widest: Record<string, readonly string[]>): Promise<string[]> {
  const names = await headers(grid);
  for (const name of Object.keys(widest)) expect(names, `the ${name} column`).toContain(name);
  return grid.evaluate(
    (g, { names, widest }) => {
      const out: string[] = [];
      const row = g.querySelector('[role=rowgroup] [role=row][aria-rowindex="2"]');
      if (!row) return ['no first row'];
      const cells = [...row.querySelectorAll<HTMLElement>('[role=gridcell]')];
      for (const [name, values] of Object.entries(widest)) {
        const cell = cells[names.indexOf(name)]!;
        // the value's own element (a span.num / span.mono…), or the cell when it holds bare text
        const holder = (cell.querySelector('.num, .mono, .id-text') as HTMLElement | null) ?? cell;
        for (const v of values) {
          const probe = holder.cloneNode(false) as HTMLElement;
          probe.textContent = v;
          probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;';
          (holder === cell ? cell : holder.parentElement!).appendChild(probe);
          const need = probe.getBoundingClientRect().width;
          probe.remove();
          const style = getComputedStyle(cell);
          const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          if (need > room + 0.5) out.push(`${name}: "${v}" needs ${need.toFixed(1)} px, has ${room} px`);
        }
      }
      return out;
    },
    { names, widest },
  );
}

async function checkList(page: Page, list: ListName): Promise<void> {
  await page.getByRole('tab', { name: list, exact: true }).click();
  const grid = page.getByRole('grid', { name: list, exact: true });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  expect(await cutCells(grid), `${list}: cells cut at ${page.viewportSize()!.width} px`).toEqual([]);
  expect(await cutWidest(grid, WIDEST[list]), `${list}: widest values at ${page.viewportSize()!.width} px`).toEqual([]);
}

test.describe('list columns fit their values', () => {
  for (const size of SIZES) {
    test(`at ${size.width}×${size.height} the Effects list's Length follows Hooks without a wide gap`, async ({
      app,
    }) => {
      await app.page.setViewportSize(size);
      await expect(app.tab('Effects')).not.toContainText('…');
      await app.showList('Effects');
      const row = app.grid('Effects').getByRole('row').nth(1);
      await expect(row).toBeVisible();
      const names = await headers(app.grid('Effects'));
      const gap = await row.evaluate(
        (r, { hooks, length }) => {
          const cells = r.querySelectorAll<HTMLElement>('[role=gridcell]');
          // where a cell's value is drawn: its text, not its track
          const text = (cell: HTMLElement): DOMRect => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return range.getBoundingClientRect();
          };
          return text(cells[length]!).left - text(cells[hooks]!).right;
        },
        { hooks: names.indexOf('Hooks'), length: names.indexOf('Length') },
      );
      expect(gap, 'px between the Hooks value and the Length value').toBeLessThan(60);
    });

    test(`at ${size.width}×${size.height} every column of every list shows its widest value whole`, async ({ app }) => {
      await app.page.setViewportSize(size);
      // the Creatures and Effects lists come with the sound graph
      await expect(app.tab('Effects')).not.toContainText('…');
      for (const list of ['SoundTables', 'Waves', 'Creatures', 'Effects'] as const) await checkList(app.page, list);
    });

    test(`at ${size.width}×${size.height} the Waves list's "Matched:" pill is whole`, async ({ app }) => {
      await app.page.setViewportSize(size);
      await app.showList('Waves');
      // Waves played by the sound type Footstep1 (a name their rows do not show) say so in the Used
      // by column, the name whole (a table label longer than the column ends in an ellipsis, whole
      // in the pill's title)
      await app.page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Footstep1');
      const pill = app.grid('Waves').getByLabel('Matched: Footstep1', { exact: true }).first();
      await expect(pill).toBeVisible();
      const grid = app.grid('Waves');
      expect(await cutCells(grid), `Waves: cells cut at ${size.width} px`).toEqual([]);
      const box = await pill.boundingBox();
      const cell = await pill.locator('xpath=ancestor::*[@role="gridcell"][1]').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(cell!.x - 0.5);
      expect(box!.x + box!.width).toBeLessThanOrEqual(cell!.x + cell!.width + 0.5);
    });

    test(`at ${size.width}×${size.height} the Waves list's "Matched:" pills read whole names (search ui_)`, async ({
      app,
    }) => {
      await app.page.setViewportSize(size);
      await app.showList('Waves');
      // the demo's UI_… sound types: names of 13 to 21 characters, two on one row
      await app.page.getByRole('searchbox', { name: 'Search', exact: true }).fill('ui_');
      const grid = app.grid('Waves');
      await expect(grid.getByLabel(/^Matched: UI_/).first()).toBeVisible();
      const pills = await grid.evaluate((g) =>
        [...g.querySelectorAll<HTMLElement>('[aria-label^="Matched:"]')].map((p) => {
          const chip = p.querySelector<HTMLElement>('.cue-chip')!;
          return {
            label: p.getAttribute('aria-label')!,
            chip: chip.textContent!,
            cut: chip.scrollWidth > chip.clientWidth + 0.5 || p.scrollWidth > p.clientWidth + 0.5,
          };
        }),
      );
      expect(pills.length).toBeGreaterThan(3);
      expect(pills.filter((p) => p.cut).map((p) => `${p.label} shown as "${p.chip}"`)).toEqual([]);
      expect(await cutCells(grid), `Waves: cells cut at ${size.width} px`).toEqual([]);
    });
  }
});

/**
 * How a label cell shows its label: each element holding label text, whether its text is cut, and
 * whether the cut ends in an ellipsis (a block box that clips its nowrap text with
 * text-overflow: ellipsis — in a flex box the text is cut bare) with the full label as its title.
 */
async function labelCells(grid: Locator): Promise<{ text: string; cut: boolean; ellipsis: boolean; title: string }[]> {
  return grid.evaluate((g) => {
    const out: { text: string; cut: boolean; ellipsis: boolean; title: string }[] = [];
    for (const cell of g.querySelectorAll('[role=rowgroup] [role=row] [role=gridcell]:nth-child(2)')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement!;
        if (!n.textContent!.trim() || el.closest('.cue-chip, .match-why, .muted')) continue;
        const s = getComputedStyle(el);
        out.push({
          text: n.textContent!,
          cut: el.scrollWidth > el.clientWidth + 0.5,
          ellipsis:
            !/flex|grid/.test(s.display) &&
            (s.overflowX === 'hidden' || s.overflowX === 'clip') &&
            s.textOverflow === 'ellipsis' &&
            s.whiteSpace === 'nowrap',
          title: el.getAttribute('title') ?? '',
        });
      }
    }
    return out;
  });
}

test.describe('list labels', () => {
  test('a label longer than its column ends in an ellipsis, the full label in its title (SoundTables, Creatures)', async ({
    app,
    scratchDir,
  }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    // the demo's 0x2000000C given the id of "Mixed (Melee Weapon, Gem, Clothing)" (the public labels)
    await app.openDatPath(await writeRenumberedDat(scratchDir, 0x2000000c, 0x20000014));
    await expect(app.page.getByRole('textbox', { name: 'Dat path', exact: true })).toHaveValue(/renumbered_portal/);
    await app.showList('SoundTables');
    const long = 'Mixed (Melee Weapon, Gem, Clothing)';
    await expect(app.row('SoundTables', '0x20000014')).toContainText(long);
    for (const list of ['SoundTables', 'Creatures'] as const) {
      await app.showList(list);
      const cells = await labelCells(app.grid(list));
      expect(cells.length, `${list} has labels`).toBeGreaterThan(0);
      for (const c of cells) {
        expect(c.ellipsis, `${list}: "${c.text}" ends in an ellipsis when cut`).toBe(true);
        expect(c.title, `${list}: "${c.text}" has its full label as title`).toBe(c.text);
      }
      if (list === 'SoundTables') expect(cells.find((c) => c.text === long)?.cut, 'the long label is cut').toBe(true);
    }
  });

  test('a cell that cuts its value ends it in an ellipsis and never scrolls sideways', async ({ app }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    await app.showList('Waves');
    const cell = app.grid('Waves').getByRole('row').nth(1).getByRole('gridcell').nth(1);
    await expect(cell).toBeVisible();
    // a value wider than its column, and what a drag-selection or a find would do: scroll the cell
    const shown = await cell.evaluate((c) => {
      c.textContent = 'a value far wider than its column';
      c.scrollLeft = 40;
      return {
        cut: c.scrollWidth > c.clientWidth + 0.5,
        textOverflow: getComputedStyle(c).textOverflow,
        scrollLeft: c.scrollLeft,
      };
    });
    expect(shown).toEqual({ cut: true, textOverflow: 'ellipsis', scrollLeft: 0 });
  });
});
