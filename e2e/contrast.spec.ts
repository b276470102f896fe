/** WCAG contrast of the status colours ("played", errors, warnings) in both themes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const hexRgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
function contrast(a: number[], b: number[]): number {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const css = readFileSync(join(import.meta.dirname, '..', 'renderer', 'src', 'styles.css'), 'utf8');
const vars = (block: string): Record<string, string> =>
  Object.fromEntries([...block.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));
const darkAt = css.indexOf('@media (prefers-color-scheme: dark)');
const light = vars(css.slice(0, darkAt));
const themes = { light, dark: { ...light, ...vars(css.slice(darkAt)) } };

test.describe('contrast', () => {
  for (const [theme, v] of Object.entries(themes)) {
    test(`${theme} palette: played / error / warning text is ≥ 4.5:1 on every background`, () => {
      const low: string[] = [];
      for (const fg of ['ok', 'err', 'warn'])
        for (const bg of ['panel', 'panel-2', 'bg', 'row-alt', 'ok-bg', 'err-bg', 'warn-bg', 'accent-soft', 'sel']) {
          const r = contrast(hexRgb(v[fg]!), hexRgb(v[bg]!));
          if (r < 4.5) low.push(`${fg} on ${bg}: ${r.toFixed(2)}`);
        }
      expect(low).toEqual([]);
    });
  }

  /** The rendered colour of an output (opacity folded in) against the table cell's background. */
  async function outputContrast(page: Page, name: string): Promise<number> {
    const c = await page.getByRole('status', { name, exact: true }).evaluate((el) => {
      const parse = (s: string) => (s.match(/[\d.]+/g) ?? []).map(Number);
      let bgEl: Element | null = el;
      let bg = [255, 255, 255, 0];
      while (bgEl && bg[3] === 0) {
        const b = parse(getComputedStyle(bgEl).backgroundColor);
        bg = b.length === 3 ? [...b, 1] : b;
        bgEl = bgEl.parentElement;
      }
      let opacity = 1;
      for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      return { fg: parse(getComputedStyle(el).color).slice(0, 3), bg: bg.slice(0, 3), opacity };
    });
    const seen = c.fg.map((f, i) => f * c.opacity + c.bg[i]! * (1 - c.opacity));
    return contrast(seen, c.bg);
  }

  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme} theme: the Authored column's green "played" is readable (≥ 4.5:1)`, async ({ app }) => {
      await app.page.emulateMedia({ colorScheme: scheme });
      await app.setListener(10, 90);
      await expect(app.listener.getByRole('status', { name: 'Outcome (authored)', exact: true })).toHaveText('played');
      expect(await outputContrast(app.page, 'Outcome (authored)')).toBeGreaterThanOrEqual(4.5);
      expect(await outputContrast(app.page, 'Outcome')).toBeGreaterThanOrEqual(4.5);
    });
  }
});
