/**
 * Page object of the app. Finds elements only by accessible role and name (docs/ui-contract.md);
 * when the UI changes, the contract and this file change together.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** The result of `window.__acsound.player.captureOffline()`, reduced in the page to what the tests compare. */
export interface CaptureSummary {
  sampleRate: number;
  length: number;
  gains: { left: number; right: number };
  /** Index of the loudest source sample. */
  peakIndex: number;
  peak: number;
  /** Samples around the peak (where the source is non-silent). */
  source: number[];
  left: number[];
  right: number[];
}

/** The list tabs (docs/ui-contract.md). */
export type ListName = 'SoundTables' | 'Waves' | 'Creatures' | 'Effects';

export class AppModel {
  constructor(readonly page: Page) {}

  // --- landmarks -----------------------------------------------------------------------------
  get statusBar(): Locator {
    return this.page.getByRole('status', { name: 'Status', exact: true });
  }
  get details(): Locator {
    return this.page.getByRole('region', { name: 'Details', exact: true });
  }
  get playerStatus(): Locator {
    return this.page.getByRole('status', { name: 'Player', exact: true });
  }
  get outputMeter(): Locator {
    return this.page.getByRole('meter', { name: 'Output level', exact: true });
  }
  get listener(): Locator {
    return this.page.getByRole('region', { name: 'Listener', exact: true });
  }
  get exportDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Export Waves', exact: true });
  }

  tab(name: ListName): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }
  grid(name: ListName): Locator {
    return this.page.getByRole('grid', { name, exact: true });
  }
  /** The list row holding `hex` (e.g. "0x0A000001"). */
  row(list: ListName, hex: string): Locator {
    return this.grid(list).getByRole('row').filter({ hasText: hex });
  }

  // --- navigation ----------------------------------------------------------------------------
  /** Opens the app on the browser host's dat and waits until both lists are loaded. */
  async goto(): Promise<void> {
    await this.page.goto('/');
    await this.waitLoaded();
  }

  /** Waits until the status bar shows both counts (the dat is open and listed). */
  async waitLoaded(): Promise<void> {
    await expect(this.statusBar).toContainText(/\d+ SoundTables/, { timeout: 30_000 });
    await expect(this.statusBar).toContainText(/\d+ Waves/);
  }

  /** Types a dat path into the toolbar's Dat path field and presses Open… (as a user opens a dat). */
  async openDatPath(path: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Dat path', exact: true }).fill(path);
    await this.page.getByRole('button', { name: 'Open…', exact: true }).click();
  }

  /** Writes `bytes` (a dat our writers built, or a damaged copy) to `folder/name` and opens it by its path. */
  async openDatBytes(folder: string, name: string, bytes: Uint8Array): Promise<void> {
    const path = join(folder, name);
    await writeFile(path, bytes);
    await this.openDatPath(path);
  }

  async showList(list: ListName): Promise<void> {
    await this.tab(list).click();
    await expect(this.tab(list)).toHaveAttribute('aria-selected', 'true');
    await expect(this.grid(list)).toBeVisible();
  }

  async openSoundTable(hex: string): Promise<void> {
    await this.showList('SoundTables');
    await this.row('SoundTables', hex).click();
    await expect(this.details.getByRole('heading', { name: new RegExp(`^SoundTable ${hex}`) })).toBeVisible();
  }

  /** Opens the Soundscape view from the toolbar; returns its region. */
  async openSoundscape(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Soundscape', exact: true }).click();
    const view = this.page.getByRole('region', { name: 'Soundscape' });
    await expect(view).toBeVisible();
    return view;
  }

  async openWave(hex: string): Promise<void> {
    await this.showList('Waves');
    await this.row('Waves', hex).click();
    await expect(this.waveHeading(hex)).toBeVisible();
  }

  waveHeading(hex: string): Locator {
    return this.details.getByRole('heading', { name: `Wave ${hex}`, exact: true });
  }

  // --- playback ------------------------------------------------------------------------------
  get playButton(): Locator {
    return this.page.getByRole('button', { name: 'Play', exact: true });
  }
  get stopButton(): Locator {
    return this.page.getByRole('button', { name: 'Stop', exact: true });
  }

  /** Current peak of the output meter (aria-valuenow, 0..1). */
  async meterLevel(): Promise<number> {
    return Number((await this.outputMeter.getAttribute('aria-valuenow')) ?? '0');
  }

  /**
   * Renders the last started voice offline (`window.__acsound.player.captureOffline()`) and
   * returns the `span` samples around the source's peak, where the source is far from silent.
   */
  async captureAroundPeak(span = 256): Promise<CaptureSummary> {
    return this.page.evaluate(async (n) => {
      const w = window as unknown as {
        __acsound?: {
          player: {
            captureOffline(): Promise<{
              sampleRate: number;
              source: Float32Array;
              left: Float32Array;
              right: Float32Array;
              gains: { left: number; right: number };
            }>;
          };
        };
      };
      if (!w.__acsound) throw new Error('window.__acsound is missing');
      const c = await w.__acsound.player.captureOffline();
      let peakIndex = 0;
      for (let i = 1; i < c.source.length; i++)
        if (Math.abs(c.source[i] ?? 0) > Math.abs(c.source[peakIndex] ?? 0)) peakIndex = i;
      const from = Math.max(0, Math.min(peakIndex - (n >> 1), c.source.length - n));
      const to = Math.min(c.source.length, from + n);
      return {
        sampleRate: c.sampleRate,
        length: c.source.length,
        gains: { left: c.gains.left, right: c.gains.right },
        peakIndex,
        peak: Math.abs(c.source[peakIndex] ?? 0),
        source: Array.from(c.source.subarray(from, to)),
        left: Array.from(c.left.subarray(from, to)),
        right: Array.from(c.right.subarray(from, to)),
      };
    }, span);
  }

  // --- Listener ------------------------------------------------------------------------------
  async setListener(distance: number, bearing: number): Promise<void> {
    const distanceField = this.listener.getByRole('spinbutton', { name: 'Distance (m)', exact: true });
    const bearingField = this.listener.getByRole('spinbutton', { name: 'Bearing (°)', exact: true });
    await distanceField.fill(String(distance));
    await distanceField.press('Enter');
    await bearingField.fill(String(bearing));
    await bearingField.press('Enter');
    await expect(this.listener.getByRole('slider', { name: 'Distance', exact: true })).toHaveValue(String(distance));
    await expect(this.listener.getByRole('slider', { name: 'Bearing', exact: true })).toHaveValue(String(bearing));
  }

  /** A live readout of the Listener panel (`output` elements: role status). */
  readout(
    name:
      | 'Outcome'
      | 'g'
      | 'dB'
      | 'SetVolume'
      | 'Pan'
      | 'SetPan'
      | 'Left gain'
      | 'Right gain'
      | 'Audible radius'
      | 'Voice slot',
  ): Locator {
    return this.listener.getByRole('status', { name, exact: true });
  }

  // --- export --------------------------------------------------------------------------------
  /** Exports the Wave shown in the detail pane (decoded WAV by default) into `folder`; resolves when the summary shows. */
  async exportShownWave(
    folder: string,
    overwrite = false,
    format: 'Decoded WAV' | 'Original' | 'As heard' = 'Decoded WAV',
  ): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Export…', exact: true }).click();
    const dialog = this.exportDialog;
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: format, exact: true }).check();
    await dialog.getByRole('textbox', { name: 'Folder', exact: true }).fill(folder);
    const overwriteBox = dialog.getByRole('checkbox', { name: 'Overwrite existing files', exact: true });
    if (overwrite) await overwriteBox.check();
    else await overwriteBox.uncheck();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const summary = dialog.getByText(/Written \d+, skipped \d+, failed \d+/);
    await expect(summary).toBeVisible();
    return summary;
  }
}
