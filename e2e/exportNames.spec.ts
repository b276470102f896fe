/** Export naming templates in the Export dialog (issue #10, docs/export-names.md). */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseWavStrict } from '../core/audio';
import { expect, test } from './fixtures';

test.describe('export file names', () => {
  let folder = '';
  test.beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'acsound-e2e-names-'));
  });
  test.afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('a template field with tokens to insert, a live preview, an explained invalid template, remembered after a reload', async ({
    app,
  }) => {
    await app.openWave('0x0A000012');
    await app.page.getByRole('button', { name: 'Export…', exact: true }).click();
    const dialog = app.exportDialog;
    const field = dialog.getByRole('textbox', { name: 'File names', exact: true });
    const preview = dialog.getByRole('list', { name: 'File name preview', exact: true });
    await expect(field).toHaveValue('{id}');
    await expect(preview.getByRole('listitem')).toHaveText(['0A000012.wav']);

    // tokens go in where the caret is
    await field.fill('');
    await dialog.getByRole('button', { name: /^Insert \{table\}/ }).click();
    await expect(field).toBeFocused();
    await app.page.keyboard.type('/');
    await dialog.getByRole('button', { name: /^Insert \{cue\}/ }).click();
    await expect(field).toBeFocused(); // the insert gives focus back to the field, then the typing goes there
    await app.page.keyboard.type('_');
    await dialog.getByRole('button', { name: /^Insert \{id\}/ }).click();
    await expect(field).toHaveValue('{table}/{cue}_{id}');
    await expect(preview.getByRole('listitem')).toHaveText(['20000001/Footstep1_0A000012.wav']);

    // as heard: the settings follow the name, the sidecar beside it
    await dialog.getByRole('radio', { name: 'As heard', exact: true }).check();
    await expect(preview.getByRole('listitem')).toHaveText([
      '20000001/Footstep1_0A000012_0m_+0deg.wav + Footstep1_0A000012_0m_+0deg.json',
    ]);
    await dialog.getByRole('radio', { name: 'Decoded WAV', exact: true }).check();

    // an invalid template is explained and cannot be exported
    await field.fill('{table}/{cue');
    await expect(dialog.getByRole('alert')).toHaveText('File names: "{" at character 9 is not closed by "}".');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
    await field.fill('{table}/{cue}_{ID}');
    await expect(dialog.getByRole('alert')).toContainText('unknown token {ID} at character 15; the tokens are {id}');

    await field.fill('{label}/{id}');
    await app.page.reload();
    await app.page.getByRole('button', { name: 'Export…', exact: true }).click();
    await expect(app.exportDialog.getByRole('textbox', { name: 'File names', exact: true })).toHaveValue(
      '{label}/{id}',
    );
  });

  test('{table}/{cue}_{id} over All Waves: the preview shows the first five, the export writes them in folders, strict WAVs', async ({
    app,
    facts,
  }) => {
    await app.page.getByRole('button', { name: 'Export…', exact: true }).click();
    const dialog = app.exportDialog;
    await dialog.getByRole('radio', { name: /^All Waves/ }).check();
    await dialog.getByRole('radio', { name: 'Decoded WAV', exact: true }).check();
    await dialog.getByRole('textbox', { name: 'File names', exact: true }).fill('{table}/{cue}_{id}');
    await expect(dialog.getByRole('list', { name: 'File name preview', exact: true }).getByRole('listitem')).toHaveText(
      [
        '20000001/Footstep1_0A000010.wav',
        '20000001/Footstep1_0A000011.wav',
        '20000001/Footstep1_0A000012.wav',
        '20000001/Swoosh1_0A000020.wav',
        '20000001/Swoosh2_0A000021.wav',
      ],
    );
    await expect(dialog).toContainText(`…and ${facts.waves.length - 5} more.`);
    await dialog.getByRole('textbox', { name: 'Folder', exact: true }).fill(folder);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByText(/Written \d+, skipped \d+, failed \d+/)).toHaveText(
      `Written ${facts.waves.length}, skipped 0, failed 0`,
    );

    const written = (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => relative(folder, join(d.parentPath, d.name)).split('\\').join('/'))
      .sort();
    expect(written).toHaveLength(facts.waves.length);
    expect(written).toContain('20000001/Footstep1_0A000012.wav');
    // the demo dat's unused Waves: no table, no cue, so just the id
    expect(written).toContain('0A000066.wav');
    expect(written).toContain('0A000067.wav');
    for (const f of written) {
      const wav = parseWavStrict(new Uint8Array(await readFile(join(folder, f))));
      expect(wav.bitsPerSample).toBe(16);
    }
  });
});
