/**
 * Issue #7 leftover: an effect (a PhysicsScript with sound hooks) has "Play effect", played
 * through the Player on the engine path of a creature's "Play motion". The demo's effect has one
 * Sound hook at 0.1 s (scripts/make-demo-dat.sources.ts); the effect's id comes from the
 * service's own answer over HTTP.
 */
import type { EffectInfo } from '../core/contract';
import { hex8 } from '../core/errors';
import { expect, test } from './fixtures';

test('an effect’s Play effect sounds its hooks through the Player, then is ready to play again', async ({
  app,
  page,
}) => {
  const res = await page.request.post('api/listEffects', { data: [] });
  const effects = ((await res.json()) as { result: EffectInfo[] }).result;
  expect(effects.length, 'the demo dat has an effect').toBeGreaterThan(0);
  const hex = hex8(effects[0]!.id);

  await app.showList('Effects');
  await app.row('Effects', hex).click();
  await expect(app.details.getByRole('heading', { name: new RegExp(`^Effect ${hex}`) })).toBeVisible();
  const status = app.details.getByRole('status', { name: 'Effect playback' });
  await expect(status).toContainText('1 hook with the Listener’s settings');

  await app.details.getByRole('button', { name: 'Play effect' }).click();
  await expect(status).toContainText('1 fired, 1 heard', { timeout: 10_000 });
  await expect
    .poll(() => app.meterLevel(), { message: 'Output level meter above 0', timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(app.details.getByRole('button', { name: 'Play effect' })).toBeVisible({ timeout: 10_000 });
});
