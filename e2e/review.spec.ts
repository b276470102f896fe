/** Review and QA fixes: keyboard sorting, Explorer-style selection, input hints, muted output, export focus, reload. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test.describe('lists', () => {
  test('a column header is a button: Enter and Space sort from the keyboard, aria-sort follows', async ({ app }) => {
    await app.showList('Waves');
    const grid = app.grid('Waves');
    const header = grid.getByRole('columnheader', { name: 'Hz' });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    const button = header.getByRole('button', { name: 'Hz' });
    await button.focus();
    await app.page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(button).toBeFocused();
    await app.page.keyboard.press('Space');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(grid.getByRole('columnheader', { name: 'Id' })).toHaveAttribute('aria-sort', 'none');
  });

  test('Ctrl-click moves the Shift-click anchor (Explorer-style)', async ({ app, facts }) => {
    test.skip(facts.waves.length < 5, 'needs 5 Waves');
    const [a, b, c, d, e] = facts.waves.map((w) => w.hex);
    await app.showList('Waves');
    await app.row('Waves', a!).click();
    await app.row('Waves', b!).click({ modifiers: ['Control'] });
    await app.row('Waves', d!).click({ modifiers: ['Control'] });
    await app.row('Waves', e!).click({ modifiers: ['Shift'] });
    for (const [hex, selected] of [
      [a, false],
      [b, false],
      [c, false],
      [d, true],
      [e, true],
    ] as const) {
      await expect(app.row('Waves', hex!)).toHaveAttribute('aria-selected', String(selected));
    }
  });
});

test.describe('Listener', () => {
  test('"Fire 20 voices" says why it is disabled, and enables as soon as a Wave is opened by click or arrow key', async ({
    app,
    facts,
  }) => {
    const fire = app.listener.getByRole('button', { name: 'Fire 20 voices', exact: true });
    await expect(fire).toBeDisabled();
    await expect(app.listener.getByText(/Fire 20 voices: open a Wave/)).toBeVisible();
    await app.openWave(facts.beforeMonoPcm.hex);
    await expect(fire).toBeEnabled();
    await app.page.reload();
    await app.waitLoaded();
    await app.showList('Waves');
    await app.page.keyboard.press('ArrowDown');
    await expect(app.details.getByRole('heading', { name: /^Wave 0x/ })).toBeVisible();
    await expect(fire).toBeEnabled();
  });

  test('"App active" off with "Play only when active" off: plays, but says it is muted', async ({ app, facts }) => {
    await app.listener.getByRole('checkbox', { name: 'Play only when active', exact: true }).uncheck();
    await app.listener.getByRole('checkbox', { name: 'App active', exact: true }).uncheck();
    await expect(app.listener.getByRole('status', { name: 'Output', exact: true })).toHaveText(
      'muted: app not active — retail buffers have no GLOBALFOCUS',
    );
    await app.openWave(facts.monoPcm.hex);
    await app.playButton.click();
    await expect(app.playerStatus).toHaveText(
      `Playing ${facts.monoPcm.hex} (muted: app not active — retail buffers have no GLOBALFOCUS)`,
    );
    await app.stopButton.click();
  });

  test('out-of-range input is clamped with a visible hint, never silently', async ({ app }) => {
    const volume = app.listener.getByRole('spinbutton', { name: 'Volume', exact: true });
    await volume.fill('-1');
    await expect(volume).toHaveAttribute('aria-invalid', 'true');
    await expect(app.listener.getByText('Below 0: using 0')).toBeVisible();
    await volume.fill('');
    await expect(app.listener.getByText(/^Empty: keeping 1$/)).toBeVisible(); // the value from before the edit
    await volume.fill('0.5');
    await expect(volume).not.toHaveAttribute('aria-invalid', 'true');
    const distance = app.listener.getByRole('spinbutton', { name: 'Distance (m)', exact: true });
    await distance.fill('250');
    await expect(app.listener.getByText('Above 200: using 200')).toBeVisible();
    await expect(app.listener.getByRole('slider', { name: 'Distance', exact: true })).toHaveValue('200');
  });

  test('Volume: above the largest float32 it is clamped with a hint; the audible radius stays a number', async ({
    app,
  }) => {
    // core/engine/settings.ts MAX_VOLUME, the bound `acsound explain --volume` and the service share
    const volume = app.listener.getByRole('spinbutton', { name: 'Volume', exact: true });
    await volume.fill('1e308');
    await expect(volume).toHaveAttribute('aria-invalid', 'true');
    await expect(volume).toHaveAccessibleDescription(/Above 3\.4028235e38: using 3\.4028235e38/);
    await expect(app.readout('Audible radius')).toHaveText('1.74e21 m');
    await volume.fill('3.4028235e38');
    await expect(volume).not.toHaveAttribute('aria-invalid', 'true');
    await expect(app.readout('Audible radius')).not.toContainText('Infinity');
    await volume.fill('1');
    await expect(app.readout('Audible radius')).toHaveText('94.182 m');
  });

  test('Bearing: a number too large to use keeps the value from before the edit; −180 is said to be 180', async ({
    app,
  }) => {
    const bearing = app.listener.getByRole('spinbutton', { name: 'Bearing (°)', exact: true });
    const slider = app.listener.getByRole('slider', { name: 'Bearing', exact: true });
    await bearing.fill('45');
    await bearing.press('Enter');
    await expect(slider).toHaveValue('45');
    await bearing.fill('');
    await bearing.pressSequentially('1e400'); // on the way: 1, 1e4, 1e40 are numbers and wrap
    await expect(bearing).toHaveAttribute('aria-invalid', 'true');
    await expect(bearing).toHaveAccessibleDescription('Not a usable number: keeping 45');
    await expect(slider).toHaveValue('45');
    await bearing.press('Enter');
    await expect(bearing).toHaveValue('45');
    await bearing.fill('-180');
    await expect(bearing).toHaveAccessibleDescription('−180 is 180 in (−180, 180]: using 180');
    await expect(slider).toHaveValue('180');
  });

  test('polish: Volume off where unused, "—" for Pan when inaudible, End and ↑ on the panner', async ({ app }) => {
    await app.listener.getByRole('combobox', { name: 'Path', exact: true }).selectOption('sound-hook');
    await expect(app.listener.getByRole('spinbutton', { name: 'Volume', exact: true })).toBeDisabled();
    await app.listener.getByRole('combobox', { name: 'Path', exact: true }).selectOption('table-hook');
    await expect(app.listener.getByRole('spinbutton', { name: 'Volume', exact: true })).toBeEnabled();
    await app.setListener(95, 90);
    await expect(app.readout('Pan')).toHaveText('—');
    const panner = app.page.getByRole('application', { name: 'Top-down panner' });
    await panner.focus();
    await app.page.keyboard.press('End');
    await expect(app.listener.getByRole('spinbutton', { name: 'Distance (m)', exact: true })).toHaveValue('200');
    const distance = app.listener.getByRole('spinbutton', { name: 'Distance (m)', exact: true });
    await distance.fill('77.983');
    await distance.press('Enter');
    await panner.focus();
    await app.page.keyboard.press('ArrowUp');
    await expect(distance).toHaveValue('78.983');
  });

  test('a reload restores the list tab and the Listener settings', async ({ app }) => {
    await app.showList('Waves');
    await app.setListener(12.5, -45);
    await app.page.getByRole('radio', { name: 'Authored', exact: true }).check();
    await app.page.reload();
    await app.waitLoaded();
    await expect(app.tab('Waves')).toHaveAttribute('aria-selected', 'true');
    await expect(app.listener.getByRole('spinbutton', { name: 'Distance (m)', exact: true })).toHaveValue('12.5');
    await expect(app.listener.getByRole('spinbutton', { name: 'Bearing (°)', exact: true })).toHaveValue('-45');
    await expect(app.page.getByRole('radio', { name: 'Authored', exact: true })).toBeChecked();
    await expect(app.playerStatus).toHaveText('Stopped');
  });
});

test.describe('export dialog focus', () => {
  let folder = '';
  test.beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'acsound-e2e-focus-'));
  });
  test.afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('after an export the focus is on Close (inside the modal) and Esc closes the dialog', async ({ app, facts }) => {
    await app.openWave(facts.monoPcm.hex);
    await app.exportShownWave(folder);
    const close = app.exportDialog.getByRole('button', { name: 'Close', exact: true });
    await expect(close).toBeFocused();
    await app.page.keyboard.press('Escape');
    await expect(app.exportDialog).toBeHidden();
  });

  test('long results at 1366×768: Close stays in sight; skips name their sub-folder; a new attempt clears them', async ({
    app,
  }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    await app.page.getByRole('button', { name: 'Export…', exact: true }).click();
    const dialog = app.exportDialog;
    await dialog.getByRole('radio', { name: /^All Waves/ }).check();
    await dialog.getByRole('radio', { name: 'Decoded WAV', exact: true }).check();
    await dialog.getByRole('textbox', { name: 'File names', exact: true }).fill('{table}/{cue}_{id}');
    await dialog.getByRole('textbox', { name: 'Folder', exact: true }).fill(folder);
    await dialog.getByRole('checkbox', { name: 'Overwrite existing files', exact: true }).uncheck();
    const exportButton = dialog.getByRole('button', { name: 'Export', exact: true });
    const summary = dialog.getByText(/Written \d+, skipped \d+, failed \d+/);
    await exportButton.click();
    await expect(summary).toBeVisible();
    await exportButton.click(); // again: every file exists, so the Skipped list is long
    await expect(dialog.getByText(/Written 0, skipped \d+/)).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    await expect(close).toBeFocused();
    await expect(close).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByText('20000001/Footstep1_0A000010.wav: exists', { exact: true })).toBeVisible();
    // empty the folder and try again: only why it was refused, not the old results
    await dialog.getByRole('textbox', { name: 'Folder', exact: true }).fill('');
    await exportButton.click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a folder to export into.');
    await expect(summary).toHaveCount(0);
  });
});
