/** The first screen (issue #9): what the first Waves rows wait for, and what they do not. */
import { expect, test } from './fixtures';

/** The views and dialogs that are not on the first screen: each its own chunk (components/lazyViews). */
const LATER =
  /\/assets\/(CensusView|SoundscapeView|WaveView|SoundTableView|ExportDialog|AboutDialog|FilePicker)-[\w-]+\.js$/;

test.describe('first screen (issue #9)', () => {
  test('the first Waves rows load none of the views off the first screen; they are fetched afterwards and open', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('acsound.session.v1', JSON.stringify({ tab: 'waves' }));
      const w = window as unknown as { __loadedAtRows: string[] | null };
      w.__loadedAtRows = null;
      const mo = new MutationObserver(() => {
        if (!document.querySelector('[role="grid"][aria-label="Waves"] [role="gridcell"]')) return;
        w.__loadedAtRows = performance.getEntriesByType('resource').map((e) => e.name);
        mo.disconnect();
      });
      mo.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.getByRole('grid', { name: 'Waves' }).getByRole('row').nth(1)).toBeVisible();
    const atRows = await page.evaluate(() => (window as unknown as { __loadedAtRows: string[] }).__loadedAtRows);
    expect(atRows.filter((url) => LATER.test(url))).toEqual([]);
    // fetched once the page is idle, so opening a view waits on no request
    await expect
      .poll(async () =>
        (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).filter((url) =>
          LATER.test(url),
        ),
      )
      .toHaveLength(7);
    await page.getByRole('button', { name: 'Census', exact: true }).click();
    await expect(
      page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: 'Census', exact: true }),
    ).toBeVisible();
  });
});
