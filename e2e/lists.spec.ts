import { expect, test } from './fixtures';

test.describe('lists and navigation', () => {
  test('the lists show every SoundTable and Wave of the dat', async ({ app, facts }) => {
    const tables = facts.soundTableIds.length;
    const waves = facts.waves.length;
    await expect(app.statusBar).toContainText(`${tables} SoundTables`);
    await expect(app.statusBar).toContainText(`${waves} Waves`);
    await expect(app.page.getByText('Demo data — open your client_portal.dat')).toBeVisible();

    await app.showList('SoundTables');
    await expect(app.grid('SoundTables')).toHaveAttribute('aria-rowcount', String(tables + 1));
    await app.showList('Waves');
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(waves + 1));
    const first = facts.waves[0];
    if (first) await expect(app.row('Waves', first.hex)).toBeVisible();
  });

  test('open a SoundTable, see its sound types, follow a wave link to the Wave view', async ({ app, facts }) => {
    const { table } = facts;
    await app.openSoundTable(table.hex);
    await expect(app.details.getByRole('heading', { level: 3, name: table.soundType, exact: true })).toBeVisible();
    const link = app.details.getByRole('link', { name: table.waveHex, exact: true }).first();
    await link.click();
    await expect(app.waveHeading(table.waveHex)).toBeVisible();
    // The Wave view lists where it is used: this SoundTable is among them.
    await expect(app.details.getByText(table.hex).first()).toBeVisible();
  });
});
