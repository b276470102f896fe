import { CONTENT_SECURITY_POLICY, cspForMeta } from '../node/security/csp';
import { expect, test } from './fixtures';

test.describe('Content-Security-Policy (one policy: node/security/csp.ts)', () => {
  test('the browser host sends it as a header for HTML and the built page carries it as a meta', async ({ app }) => {
    const res = await app.page.request.get('/');
    expect(res.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const html = await res.text();
    const meta = /<meta\s+http-equiv=["']Content-Security-Policy["']\s+content=(["'])(.*?)\1/is.exec(html);
    expect(meta?.[2]).toBe(cspForMeta());
    // and the app runs under it: the lists are there, nothing was refused
    await expect(app.statusBar).toContainText('Waves');
  });

  test('the app runs under the policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/');
    await expect(page.getByRole('status', { name: 'Status' })).toContainText('Waves');
    expect(violations).toEqual([]);
  });
});
