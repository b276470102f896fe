/**
 * CallPES in a creature's timeline (docs/sound-graph.md "CallPES in timelines"): on the graph
 * fixture dat (core/test/graphFixture.ts, built by our writers), the attack's CallPES hook runs
 * PhysicsScript 0x33000001, whose Sound shows among the events at 6/30 + 0.5 s, and the call is
 * listed with when its script started.
 */
import { defaultScriptFixtureDat, graphFixtureDat } from '../core/test/graphFixture';
import { expect, test } from './fixtures';

test.describe('CallPES in the creature timeline', () => {
  let dir = '';
  test.beforeEach(async ({ scratchDir }) => {
    dir = scratchDir;
  });

  test("a CallPES hook's script sounds are events of the motion, and the call says when its script started", async ({
    app,
  }) => {
    await app.openDatBytes(dir, 'graph_portal.dat', graphFixtureDat());
    await app.showList('Creatures');
    await app.row('Creatures', '0x02000001').click();
    const attack = app.details.getByRole('radio', { name: 'AttackHigh1 (NonCombat)', exact: true });
    await expect(app.details.getByRole('radiogroup', { name: 'Motions' })).toContainText(
      /AttackHigh1\s*NonCombat\s*· 1 hook \+ 1 CallPES/,
    );
    await attack.check();
    const events = app.details.getByRole('table', { name: 'Sound events' });
    const viaScript = events.getByRole('row').filter({ hasText: 'via 0x33000001 +0.500 s' });
    await expect(viaScript).toHaveCount(1);
    await expect(viaScript).toContainText('0.700');
    await expect(viaScript).toContainText('0x0A000010');
    const calls = app.details.getByRole('list', { name: 'Script hooks' });
    await expect(calls.getByRole('listitem')).toHaveText([
      /^0\.200 s, frame 5: CallPES 0x33000001 \(pause 0 s\) — started at 0\.200 s after a 0\.000 s delay; 1 sound hook, in the events above$/,
    ]);
    await expect(calls.getByRole('link', { name: '0x33000001' })).toBeVisible();
    // the strip's axis reaches the script's sound, after the motion's own end
    await expect(
      app.details
        .getByRole('group', { name: 'Timeline of AttackHigh1' })
        .getByRole('link', { name: /via PhysicsScript 0x33000001 at \+0\.500 s → 0x0A000010$/ }),
    ).toBeVisible();
  });

  test("a DefaultScript hook plays the Setup's default script like a CallPES one; DefaultScriptPart is a note", async ({
    app,
  }) => {
    await app.openDatBytes(dir, 'default_script_portal.dat', defaultScriptFixtureDat());
    await app.showList('Creatures');
    await app.row('Creatures', '0x02000020').click();
    await expect(app.details.getByRole('radiogroup', { name: 'Motions' })).toContainText(
      /AttackHigh1\s*NonCombat\s*· 0 hooks \+ 1 DefaultScript/,
    );
    await app.details.getByRole('radio', { name: 'AttackHigh1 (NonCombat)', exact: true }).check();
    const viaScript = app.details
      .getByRole('table', { name: 'Sound events' })
      .getByRole('row')
      .filter({ hasText: 'via 0x33000001 +0.500 s' });
    await expect(viaScript).toHaveCount(1);
    await expect(viaScript).toContainText('0.600');
    await expect(viaScript).toContainText('0x0A000010');
    const calls = app.details.getByRole('list', { name: 'Script hooks' });
    await expect(calls.getByRole('listitem')).toHaveText([
      /^0\.100 s, frame 2: DefaultScript 0x33000001 \(the Setup's default script\) — started at 0\.100 s after a 0\.000 s delay; 1 sound hook, in the events above$/,
      /^0\.133 s, frame 3: DefaultScriptPart \(part 1\) is indirect: not expanded$/,
    ]);
  });
});
