import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWavStrict } from '../core/audio';
import { expect, test } from './fixtures';

test.describe('export', () => {
  let folder = '';
  test.beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'acsound-e2e-export-'));
  });
  test.afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('exports a Wave as decoded WAV that passes the strict parser; again without overwrite it is skipped', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    await app.openWave(wave.hex);

    const summary = await app.exportShownWave(folder);
    await expect(summary).toHaveText(/Written 1, skipped 0, failed 0/);
    const file = join(folder, `${wave.hex.slice(2)}.wav`);
    const wav = parseWavStrict(new Uint8Array(await readFile(file)));
    expect(wav.formatTag).toBe(1);
    expect(wav.channels).toBe(wave.channels);
    expect(wav.sampleRate).toBe(wave.sampleRate);
    expect(wav.bitsPerSample).toBe(16);
    expect(wav.frames).toBe(wave.frames);

    await app.exportDialog
      .getByRole('button', { name: /Close|Cancel|Done/ })
      .first()
      .click();
    const again = await app.exportShownWave(folder);
    await expect(again).toHaveText(/Written 0, skipped 1, failed 0/);
  });

  test("a failed export's error (Folder is a file: ENOTDIR) goes once Folder or File names change, in the dialog and the status bar", async ({
    app,
    facts,
  }) => {
    const file = join(folder, 'a-file');
    await writeFile(file, 'not a folder');
    await app.openWave(facts.monoPcm.hex);
    await app.page.getByRole('button', { name: 'Export…', exact: true }).click();
    const dialog = app.exportDialog;
    const folderField = dialog.getByRole('textbox', { name: 'Folder', exact: true });
    const names = dialog.getByRole('textbox', { name: 'File names', exact: true });
    const failed = dialog.getByRole('alert').filter({ hasText: /ENOTDIR/ });
    const fail = async (): Promise<void> => {
      await folderField.fill(file);
      await dialog.getByRole('button', { name: 'Export', exact: true }).click();
      await expect(failed).toBeVisible();
      await expect(app.statusBar).toContainText('ENOTDIR');
    };
    await fail();
    await folderField.fill(folder);
    await expect(failed).toHaveCount(0);
    await expect(app.statusBar).not.toContainText('ENOTDIR');

    await fail();
    await names.fill(`${await names.inputValue()}_x`);
    await expect(failed).toHaveCount(0);
    await expect(app.statusBar).not.toContainText('ENOTDIR');
  });

  test('exports "as heard" at 10 m, +90°: a stereo WAV and its JSON sidecar with the settings and the decision', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    await app.setListener(10, 90);
    await app.openWave(wave.hex);
    const summary = await app.exportShownWave(folder, false, 'As heard');
    await expect(summary).toHaveText(/Written 1, skipped 0, failed 0/);
    const stem = `${wave.hex.slice(2)}_10m_+90deg`;
    expect((await readdir(folder)).sort()).toEqual([`${stem}.json`, `${stem}.wav`]);
    const wav = parseWavStrict(new Uint8Array(await readFile(join(folder, `${stem}.wav`))));
    expect(wav).toMatchObject({ channels: 2, bitsPerSample: 16, sampleRate: wave.sampleRate });
    const side = JSON.parse(await readFile(join(folder, `${stem}.json`), 'utf8')) as Record<string, unknown>;
    expect(side).toMatchObject({
      kind: 'acsound-as-heard',
      waveId: wave.hex,
      wav: `${stem}.wav`,
      settings: { distance: 10, bearingDeg: 90 },
      explain: { played: true, dB: -12, pan: 14, left: 0.050119, right: 0.251189 },
      output: { channels: 2, frames: wav.frames },
    });
  });

  test('the dialog names the files it will write: "as heard" with its sidecar; "Original" notes MP3 → .mp3', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    await app.setListener(10, 90);
    await app.openWave(wave.hex);
    await app.page.getByRole('button', { name: 'Export…', exact: true }).click();
    const dialog = app.exportDialog;
    await dialog.getByRole('radio', { name: 'As heard', exact: true }).check();
    const stem = `${wave.hex.slice(2)}_10m_+90deg`;
    await expect(dialog).toContainText(`${stem}.wav`);
    await expect(dialog).toContainText(`${stem}.json`);
    await expect(dialog).toContainText('table-hook, retail, 10 m at +90°');
    await dialog.getByRole('radio', { name: 'Original', exact: true }).check();
    await expect(dialog).toContainText(/MP3 Waves as \.mp3/);
  });
});
