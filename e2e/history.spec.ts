/** History (issue #10): recent items and dats beside back/forward; a reload restores the open item and the scroll. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCorruptWaveDat } from './model/brokenDats';
import { expect, test } from './fixtures';

test.describe('history (issue #10)', () => {
  test('recently opened items and dats: listed beside back/forward, persisted, and they open', async ({
    app,
    facts,
  }) => {
    const recent = app.page.getByRole('combobox', { name: 'Recent', exact: true });
    const back = await app.page.getByRole('button', { name: 'Forward', exact: true }).boundingBox();
    const box = await recent.boundingBox();
    expect(Math.abs(box!.x - (back!.x + back!.width))).toBeLessThan(16); // right after Forward
    const wave = facts.monoPcm.hex;
    await app.openWave(wave);
    await expect(recent.getByRole('option', { name: `Wave ${wave}`, exact: true })).toBeAttached();
    await app.openSoundTable('0x20000001');
    await expect(recent.getByRole('option', { name: 'SoundTable 0x20000001 — Human (male)' })).toBeAttached();
    // newest first
    await expect(recent.getByRole('option').nth(1)).toHaveText('SoundTable 0x20000001 — Human (male)');
    await recent.selectOption({ label: `Wave ${wave}` });
    await expect(app.waveHeading(wave)).toBeVisible();
    await expect(app.tab('Waves')).toHaveAttribute('aria-selected', 'true');

    // persisted: a reload still lists them
    await app.page.reload();
    await app.waitLoaded();
    await expect(recent.getByRole('option', { name: 'SoundTable 0x20000001 — Human (male)' })).toBeAttached();

    // recent dats: open another, then the demo again from the list
    const dir = await mkdtemp(join(tmpdir(), 'acsound-e2e-recent-'));
    try {
      const path = await writeCorruptWaveDat(dir, 0x0a000012);
      await app.openDatPath(path);
      await expect(app.page.getByRole('textbox', { name: 'Dat path', exact: true })).toHaveValue(path);
      await expect(recent.getByRole('option', { name: `${path} (open)` })).toBeAttached();
      // that dat's items are its own: the demo's are not listed
      await expect(recent.getByRole('option', { name: /^SoundTable 0x20000001/ })).toHaveCount(0);
      // the "Has warnings" chip finds its corrupt Wave
      await app.showList('Waves');
      await app.page.getByRole('button', { name: 'Has warnings', exact: true }).click();
      await expect(app.row('Waves', '0x0A000012')).toBeVisible();
      await app.page.getByRole('button', { name: 'Has warnings', exact: true }).click();
      await recent.selectOption({ label: 'Demo dat' });
      await expect(app.page.getByRole('note').filter({ hasText: 'Demo data' })).toBeVisible();
      await expect(recent.getByRole('option', { name: 'SoundTable 0x20000001 — Human (male)' })).toBeAttached();
      await expect(recent.getByRole('option', { name: path, exact: true })).toBeAttached();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a reload restores the opened item and the list scroll position (defect 9)', async ({ app, facts }) => {
    await app.page.setViewportSize({ width: 1366, height: 520 });
    await app.showList('Waves');
    const body = app.grid('Waves').locator('.grid-body');
    await body.evaluate((el) => {
      el.scrollTop = 180;
    });
    const wave = facts.waves[12]!.hex;
    await app.row('Waves', wave).click();
    await expect(app.waveHeading(wave)).toBeVisible();
    const before = await body.evaluate((el) => el.scrollTop);
    expect(before).toBeGreaterThan(100);
    await app.page.waitForTimeout(300); // the grid saves its scroll 120 ms after the last scroll event
    await app.page.reload();
    await app.waitLoaded();
    await expect(app.tab('Waves')).toHaveAttribute('aria-selected', 'true');
    await expect(app.waveHeading(wave)).toBeVisible();
    await expect(app.row('Waves', wave)).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(before);
  });
});
