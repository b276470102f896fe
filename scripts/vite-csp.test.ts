import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, REQUIRED_CSP_SOURCES, cspForMeta, parseCsp } from '../node/security/csp';
import { cspHashSource, injectCspMeta, inlineScripts } from './vite-csp';

const root = join(import.meta.dirname, '..');
const sourceHtml = readFileSync(join(root, 'renderer', 'index.html'), 'utf8');

const metaPolicy = (html: string): string | null =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? null;

describe('the renderer CSP meta (scripts/vite-csp.ts)', () => {
  it('the source index.html has no CSP of its own (one policy, in node/security/csp.ts)', () => {
    expect(sourceHtml).not.toMatch(/http-equiv=["']?Content-Security-Policy/i);
    expect(() => injectCspMeta(injectCspMeta(sourceHtml, false), false)).toThrow(/already has/);
  });

  it('build: the header policy minus frame-ancestors, before any script, nothing inline allowed', () => {
    const html = injectCspMeta(sourceHtml, false);
    const policy = metaPolicy(html)!;
    expect(policy).toBe(cspForMeta());
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    const meta = parseCsp(policy);
    const header = parseCsp(CONTENT_SECURITY_POLICY);
    expect(meta['frame-ancestors']).toBeUndefined();
    expect(header['frame-ancestors']).toEqual(["'none'"]);
    for (const [d, sources] of Object.entries(header)) if (d !== 'frame-ancestors') expect(meta[d], d).toEqual(sources);
    for (const [d, sources] of Object.entries(REQUIRED_CSP_SOURCES))
      for (const s of sources) expect(meta[d], `${d} ${s}`).toContain(s);
    expect(meta['script-src']).not.toContain("'unsafe-inline'");
  });

  it("dev server: @vitejs/plugin-react's inline Fast Refresh preamble is allowed by its sha256, not 'unsafe-inline'", async () => {
    const server = await createServer({
      configFile: false,
      root: join(root, 'renderer'),
      base: './',
      plugins: [react(), (await import('./vite-csp')).cspMetaPlugin()],
      server: { middlewareMode: true, ws: false },
      logLevel: 'silent',
    });
    try {
      const html = await server.transformIndexHtml('/index.html', sourceHtml);
      const scripts = inlineScripts(html);
      const preamble = scripts.find((s) => s.includes('injectIntoGlobalHook'));
      expect(preamble, 'the React preamble is injected inline in dev').toBeDefined();
      const script = parseCsp(metaPolicy(html)!)['script-src']!;
      const hash = `'sha256-${createHash('sha256').update(preamble!).digest('base64')}'`;
      expect(script).toContain(hash);
      expect(script).not.toContain("'unsafe-inline'");
      expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('injectIntoGlobalHook'));
    } finally {
      await server.close();
    }
  });

  it('hash sources follow CSP (sha256 of the exact UTF-8 text, base64)', () => {
    expect(cspHashSource('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(inlineScripts('<script src="/a.js"></script><script type="module">x()</script><script></script>')).toEqual([
      'x()',
    ]);
  });
});
