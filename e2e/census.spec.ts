/** The Census (peers-and-ux #8) and browse by cue (#6). */
import { expect, test } from './fixtures';

test.describe('Census', () => {
  test('the toolbar button opens the census: format counts match the dat; a rate filters the Waves list; headers sort', async ({
    app,
    facts,
  }) => {
    const census = app.page.getByRole('button', { name: 'Census', exact: true });
    await census.click();
    await expect(census).toHaveAttribute('aria-pressed', 'true');
    await expect(app.details.getByRole('heading', { name: 'Census', exact: true })).toBeVisible();

    const byTag = app.details.getByRole('table', { name: 'Waves by format tag', exact: true });
    const count = (pred: (w: (typeof facts.waves)[number]) => boolean): string =>
      String(facts.waves.filter(pred).length);
    const pcm = byTag.getByRole('row').filter({ hasText: 'PCM (0x0001)' });
    await expect(pcm.getByRole('cell').nth(1)).toHaveText(count((w) => w.formatTag === 1));
    if (facts.waves.some((w) => w.formatTag === 0x55)) {
      await expect(byTag.getByRole('row').filter({ hasText: 'MP3 (0x0055)' }).getByRole('cell').nth(1)).toHaveText(
        count((w) => w.formatTag === 0x55),
      );
    }

    // the rarest sample rate, clicked, filters the Waves list to its Waves
    const rates = [...new Set(facts.waves.map((w) => w.sampleRate))];
    const n = (r: number): number => facts.waves.filter((w) => w.sampleRate === r).length;
    const rare = rates.reduce((a, b) => (n(b) < n(a) ? b : a));
    const common = rates.reduce((a, b) => (n(b) > n(a) ? b : a));
    const byRate = app.details.getByRole('table', { name: 'Waves by sample rate', exact: true });
    await byRate.getByRole('button', { name: `${rare} Hz`, exact: true }).click();
    await expect(app.tab('Waves')).toHaveAttribute('aria-selected', 'true');
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(n(rare) + 1));
    await expect(app.page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue(`${rare}hz`);
    // the census stays open while the list filters
    await expect(app.details.getByRole('heading', { name: 'Census', exact: true })).toBeVisible();

    // sort by the Waves column: largest first on the first click
    const wavesHeader = byRate.getByRole('columnheader', { name: /^Waves/ });
    await wavesHeader.getByRole('button').click();
    await expect(wavesHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(byRate.getByRole('row').nth(1)).toContainText(`${common} Hz`);

    // row facts of the SoundTables: the retail-unreachable rows are counted
    await expect(app.details.getByRole('table', { name: 'Row priority', exact: true })).toBeVisible();
    await expect(app.details.getByRole('table', { name: 'Sound types (cues)', exact: true })).toContainText(
      facts.cue.name,
    );

    // opening a Wave leaves the census
    await app.row('Waves', facts.waves.find((w) => w.sampleRate === rare)!.hex).click();
    await expect(app.details.getByRole('heading', { name: 'Census', exact: true })).toHaveCount(0);
    await expect(census).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('Browse by cue', () => {
  test('searching a sound type: each SoundTable row names the cue it defines; opening one scrolls to and highlights that card', async ({
    app,
    facts,
  }) => {
    const { cue } = facts;
    await app.page.getByRole('searchbox', { name: 'Search', exact: true }).fill(cue.name);
    await app.showList('SoundTables');
    await expect(app.grid('SoundTables')).toHaveAttribute('aria-rowcount', String(cue.tableHexes.length + 1));
    for (const hex of cue.tableHexes) await expect(app.row('SoundTables', hex)).toContainText(cue.name);

    await app.row('SoundTables', cue.deepestTableHex).click();
    const card = app.details.getByRole('region', { name: cue.heading, exact: true });
    await expect(card).toContainText(`Matches the search “${cue.name}”`);
    await expect(card.getByRole('heading', { name: cue.heading, exact: true })).toBeInViewport();
    // other cards are not highlighted
    await expect(app.details.getByText(/^Matches the search/)).toHaveCount(1);
  });
});
