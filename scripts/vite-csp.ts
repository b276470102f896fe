/**
 * A Vite plugin (used by electron.vite.config.ts for the renderer) that writes the one CSP of
 * node/security/csp.ts into index.html as a `<meta http-equiv="Content-Security-Policy">`, first
 * thing in `<head>` (before any script):
 * - build: the production policy (`cspForMeta()`), byte-for-byte what main and the browser host
 *   send as a header, minus header-only directives;
 * - dev server (`electron-vite dev`): the dev relaxation — @vitejs/plugin-react injects an inline
 *   `<script type="module">` (the React Fast Refresh preamble: `import { injectIntoGlobalHook }
 *   from "/@react-refresh"; …`) that `script-src 'self'` would block, so every inline script in
 *   the final dev HTML is allowed by its sha256 hash, plus the HMR WebSocket.
 * The source renderer/index.html must not carry its own CSP meta (one policy, one place).
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { cspForMeta, devCspDirectives } from '../node/security/csp';

const CSP_META = /<meta\s[^>]*http-equiv\s*=\s*["']?content-security-policy/i;

/** The CSP hash source of an inline script's exact text: `'sha256-<base64>'`. */
export function cspHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The text of every inline `<script>` (no `src`) in `html`, exactly as between the tags. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(m[1] ?? '') && (m[2] ?? '').length > 0) out.push(m[2] ?? '');
  }
  return out;
}

/**
 * Inserts the CSP meta right after `<head>`.
 * @param dev true for the dev server: allow the page's inline scripts by hash (see the module doc)
 * @throws Error when the page already has a CSP meta or has no `<head>`
 */
export function injectCspMeta(html: string, dev: boolean): string {
  if (CSP_META.test(html))
    throw new Error(
      'index.html already has a Content-Security-Policy meta: the policy lives in node/security/csp.ts only',
    );
  const policy = cspForMeta(dev ? devCspDirectives([...new Set(inlineScripts(html).map(cspHashSource))]) : undefined);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) throw new Error('index.html has no <head> for the Content-Security-Policy meta');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />${html.slice(at)}`;
}

/** The plugin: runs last (`order: 'post'`), so the dev HTML already holds every injected inline script. */
export function cspMetaPlugin(): Plugin {
  return {
    name: 'acsound:csp-meta',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => injectCspMeta(html, ctx.server !== undefined),
    },
  };
}
