/**
 * A Vite plugin (used by electron.vite.config.ts for the renderer build) that loads the page's
 * first script (renderer/src/boot.ts, its own Rollup entry `boot`) first thing in `<head>`, right
 * after the CSP meta: `<script type="module" async crossorigin src="./assets/boot-….js">`. Async,
 * it runs as soon as its few bytes arrive, while the app's chunks are still loading, and sends the
 * browser host's first calls (renderer/src/bridge/earlyCalls.ts, issue #9). The app's entry
 * imports the same module, so it runs once. The CSP is unchanged: a same-origin script file.
 */
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** The Rollup entry name of the first script. */
export const BOOT_ENTRY = 'boot';

const CSP_META = /<meta\s[^>]*http-equiv\s*=\s*["']?content-security-policy[^>]*>/i;

/**
 * Inserts the first script's tag after the CSP meta (else right after `<head>`).
 * @param src the script's URL as the page refers to it, e.g. `./assets/boot-AbC.js`
 * @throws Error when the page has no `<head>`
 */
export function injectBootScript(html: string, src: string): string {
  const tag = `\n    <script type="module" async crossorigin src="${src}"></script>`;
  const meta = CSP_META.exec(html) ?? /<head(\s[^>]*)?>/i.exec(html);
  if (!meta) throw new Error('index.html has no <head> for the first script');
  const at = meta.index + meta[0].length;
  return html.slice(0, at) + tag + html.slice(at);
}

/** The plugin: build only; runs after the CSP plugin (`order: 'post'`, listed after it). */
export function bootScriptPlugin(): Plugin {
  return {
    name: 'acsound:boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (c): c is OutputChunk => c.type === 'chunk' && c.isEntry && c.name === BOOT_ENTRY,
        );
        if (!boot) throw new Error(`the renderer build has no "${BOOT_ENTRY}" entry (electron.vite.config.ts)`);
        // it must run as soon as its own bytes are in: a chunk it imports would be waited for
        const imported = [...boot.imports, ...boot.dynamicImports];
        if (imported.length > 0)
          throw new Error(
            `the first script imports ${imported.join(', ')}: it must load alone (electron.vite.config.ts)`,
          );
        return injectBootScript(html, `./${boot.fileName}`);
      },
    },
  };
}
