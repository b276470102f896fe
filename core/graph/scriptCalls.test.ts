import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile, writeDat } from '../dat';
import { FixedRandom, SeededRandom, type RandomSources } from '../engine';
import { entryData, indexDat } from '../index';
import { writeAnimation, writeMotionTable, writePhysicsScript, writeSetup, type AnimationHook } from '../objects';
import { GX, graphFixtureFiles } from '../test/graphFixture';
import { creatureMotionTable, hook, sampleAnimation, sampleScript, sampleSetup } from '../test/soundSources';
import { buildSoundGraph } from './buildGraph';
import {
  CALL_PES_MIN_PAUSE,
  callDelay,
  loadCalledScripts,
  MAX_SCRIPT_DEPTH,
  runWithScriptCalls,
  ScriptQueue,
  type ScheduledHook,
} from './scriptCalls';
import { creatureDetail, motionTimeline, type TimelineContext } from './timeline';

/** Scripts and a creature added to the graph fixture for these rules. */
const S = {
  /** Sound wave11 at 0.1 s, CallPES {@link S.loopB} at 0.2 s. */
  loopA: 0x33000010,
  /** CallPES {@link S.loopA} at 0: A → B → A is a cycle. */
  loopB: 0x33000011,
  /** CallPES of a script the dat lacks. */
  callsMissing: 0x33000012,
  missing: 0x33000099,
  /** Sound wave10 at 0 and wave12 at 1.0 (length 1 s). */
  long: 0x33000013,
  /** chain[i] calls chain[i + 1] at 0; the last plays wave10. */
  chain: Array.from({ length: MAX_SCRIPT_DEPTH + 2 }, (_, i) => 0x33000020 + i),
  setup: 0x02000010,
  motionTable: 0x09000010,
  /** The attack of this creature has no sound hook of its own: only a CallPES of GX.script on frame 2. */
  attack: 0x03000010,
} as const;

/** A creature whose attack plays its default script, for the DefaultScript rules. */
const D = {
  /** Default script GX.script (Sound wave10 at 0.5 s). */
  setup: 0x02000020,
  /** The same motions, default_script_id 0. */
  noDefaultSetup: 0x02000021,
  motionTable: 0x09000020,
  /** DefaultScript on frame 2, DefaultScriptPart (part 1) on frame 3; no sound hook of its own. */
  attack: 0x03000020,
  /** Sound wave10 at 0, DefaultScript at 0.1 s: as its Setup's default script, it plays itself. */
  selfDefault: 0x33000030,
} as const;

function files() {
  const out = graphFixtureFiles();
  const script = (id: number, entries: [number, AnimationHook][]) => ({
    id,
    data: writePhysicsScript(sampleScript(id, entries)),
  });
  out.push(
    script(S.loopA, [
      [0.1, hook.sound(GX.wave11)],
      [0.2, hook.callPes(S.loopB)],
    ]),
    script(S.loopB, [[0, hook.callPes(S.loopA)]]),
    script(S.callsMissing, [[0, hook.callPes(S.missing)]]),
    script(S.long, [
      [0, hook.sound(GX.wave10)],
      [1, hook.sound(GX.wave12)],
    ]),
    ...S.chain.map((id, i) =>
      script(id, [[0, i + 1 < S.chain.length ? hook.callPes(S.chain[i + 1]!) : hook.sound(GX.wave10)]]),
    ),
    { id: S.setup, data: writeSetup(sampleSetup(S.setup, { soundTable: GX.table, motionTable: S.motionTable })) },
    {
      id: S.motionTable,
      data: writeMotionTable(
        creatureMotionTable(S.motionTable, {
          idle: GX.idle,
          walk: GX.idle,
          attack: S.attack,
          death: GX.corpse,
          corpse: GX.corpse,
        }),
      ),
    },
    { id: S.attack, data: writeAnimation(sampleAnimation(S.attack, 6, { 2: [hook.callPes(GX.script, 0)] })) },
    script(D.selfDefault, [
      [0, hook.sound(GX.wave10)],
      [0.1, hook.defaultScript()],
    ]),
    {
      id: D.setup,
      data: writeSetup(
        sampleSetup(D.setup, { soundTable: GX.table, motionTable: D.motionTable, defaultScript: GX.script }),
      ),
    },
    {
      id: D.noDefaultSetup,
      data: writeSetup(sampleSetup(D.noDefaultSetup, { soundTable: GX.table, motionTable: D.motionTable })),
    },
    {
      id: D.motionTable,
      data: writeMotionTable(
        creatureMotionTable(D.motionTable, {
          idle: GX.idle,
          walk: GX.idle,
          attack: D.attack,
          death: GX.corpse,
          corpse: GX.corpse,
        }),
      ),
    },
    {
      id: D.attack,
      data: writeAnimation(sampleAnimation(D.attack, 6, { 2: [hook.defaultScript()], 3: [hook.defaultScriptPart(1)] })),
    },
  );
  return out;
}

async function open(): Promise<{ dat: DatFile; ctx: TimelineContext }> {
  const dat = await DatFile.open(new MemoryByteSource(writeDat(files(), { maxEntriesPerNode: 6 })));
  const index = await indexDat(dat);
  const graph = await buildSoundGraph(dat, { soundTables: index.soundTables.rows });
  const ctx: TimelineContext = {
    graph,
    readObject: (id) => dat.readObject(id),
    soundTypeRows: (tableId, soundType) => {
      const t = index.soundTables.parsed.get(tableId);
      if (!t || t instanceof Error) return null;
      return t.sounds.find((s) => s.key === soundType)?.entries.map(entryData) ?? null;
    },
    waveExists: (id) => index.waves.byId.has(id),
  };
  return { dat, ctx };
}

/** An animation's CallPES of `scriptId` on frame 5 at `t`. */
function root(t: number, scriptId: number, pause = 0): ScheduledHook {
  return {
    t,
    hook: hook.callPes(scriptId, pause),
    frame: 5,
    animation: GX.attack,
    script: null,
    scriptTime: null,
    depth: 0,
    chain: [],
  };
}

async function run(
  roots: ScheduledHook[],
  random: RandomSources = new SeededRandom(1),
  defaultScript: number | null = null,
) {
  const { dat } = await open();
  const scripts = await loadCalledScripts(
    [
      ...roots.flatMap((r) => (r.hook.type === 'CallPES' ? [r.hook.scriptId] : [])),
      ...(defaultScript === null ? [] : [defaultScript]),
    ],
    (id) => dat.readObject(id),
  );
  const fired: ScheduledHook[] = [];
  const calls = runWithScriptCalls(roots, scripts, random, (h) => fired.push(h), defaultScript);
  return { calls, fired };
}

/** An animation's DefaultScript hook on frame 2 at `t`. */
function defaultRoot(t: number): ScheduledHook {
  return { ...root(t, 0), hook: hook.defaultScript(), frame: 2 };
}

describe('CallPES in timelines (sound-sources §4.2)', () => {
  it("a CallPES hook's script plays its sounds at the hook time + the script's start times", async () => {
    const { ctx } = await open();
    const t = await motionTimeline(ctx, { setupId: GX.setup, motion: 0x10000062 });
    const fromScript = t.events.filter((e) => e.script !== null);
    // attack: CallPES on frame 5 at 30 fps fires at 6/30 s, pause 0; the script's Sound is at 0.5 s
    expect(fromScript).toHaveLength(1);
    expect(fromScript[0]).toMatchObject({
      frame: 5,
      animation: GX.attack,
      script: GX.script,
      scriptTime: 0.5,
      depth: 1,
      hook: 'Sound',
      waveId: GX.wave10,
      path: 'sound-hook',
    });
    expect(fromScript[0]!.t).toBeCloseTo(6 / 30 + 0.5, 12);
    expect(t.scriptCalls).toEqual([
      {
        t: 6 / 30,
        frame: 5,
        animation: GX.attack,
        caller: null,
        scriptId: GX.script,
        pause: 0,
        delay: 0,
        start: 6 / 30,
        queued: false,
        depth: 1,
        status: 'expanded',
        problem: null,
        soundHookCount: 1,
        hook: 'CallPES',
      },
    ]);
    // events stay in time order
    expect(t.events.map((e) => e.t)).toEqual([...t.events.map((e) => e.t)].sort((a, b) => a - b));
  });

  it('a pause below 0.0002 s plays the script at once with no draw; from 0.0002 s on it waits RollDice(0, pause)', () => {
    const none = new FixedRandom();
    expect(callDelay(CALL_PES_MIN_PAUSE / 2, none)).toBe(0);
    expect(none.drawn.ran2).toBe(0);
    const half = new FixedRandom({ ran2: [0.5] });
    expect(callDelay(0.5, half)).toBe(0.25);
    expect(half.drawn.ran2).toBe(1);
  });

  it('the delay offsets every sound of the called script (hook time + delay + start time)', async () => {
    const { calls, fired } = await run([root(1, S.long, 0.5)], new FixedRandom({ ran2: [0.5] }));
    expect(calls[0]).toMatchObject({ pause: 0.5, delay: 0.25, start: 1.25, status: 'expanded' });
    expect(fired.map((h) => [h.t, h.scriptTime])).toEqual([
      [1.25, 0],
      [2.25, 1],
    ]);
  });

  it("a script arriving while another of the object runs starts at the running one's start + length", async () => {
    const q = new ScriptQueue();
    expect(q.add(0, 1)).toEqual({ start: 0, queued: false });
    expect(q.add(0.5, 1)).toEqual({ start: 1, queued: true });
    expect(q.add(2.5, 0)).toEqual({ start: 2.5, queued: false });
    const { calls, fired } = await run([root(0, S.long), root(0.5, S.long)]);
    expect(calls.map((c) => [c.start, c.queued])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(fired.map((h) => h.t)).toEqual([0, 1, 1, 2]);
  });

  it('a script that calls itself through others is expanded once and the cycle is said plainly', async () => {
    const { calls, fired } = await run([root(0, S.loopA)]);
    expect(fired.map((h) => [h.script, h.depth])).toEqual([[S.loopA, 1]]);
    expect(calls.map((c) => [c.scriptId, c.caller, c.depth, c.status])).toEqual([
      [S.loopA, null, 1, 'expanded'],
      [S.loopB, S.loopA, 2, 'expanded'],
      [S.loopA, S.loopB, 3, 'cycle'],
    ]);
    expect(calls[2]!.problem).toBe(
      'PhysicsScript 0x33000010 calls itself (0x33000010 → 0x33000011 → 0x33000010): not expanded again',
    );
  });

  it(`calls more than ${MAX_SCRIPT_DEPTH} levels deep are not expanded, and say so`, async () => {
    const { calls, fired } = await run([root(0, S.chain[0]!)]);
    expect(fired).toEqual([]); // the Sound sits at the end of a chain of 10
    expect(calls).toHaveLength(MAX_SCRIPT_DEPTH + 1);
    expect(calls.slice(0, MAX_SCRIPT_DEPTH).every((c) => c.status === 'expanded')).toBe(true);
    expect(calls.at(-1)).toMatchObject({ depth: MAX_SCRIPT_DEPTH + 1, status: 'too-deep', start: null });
    expect(calls.at(-1)!.problem).toMatch(/called 9 levels deep; calls deeper than 8 are not expanded/);
  });

  it('a script the dat lacks, an id outside the PhysicsScript range and an unreadable script are stated plainly', async () => {
    const { calls, fired } = await run([root(0, S.callsMissing), root(0, 0x0a000010), root(0, GX.badScript)]);
    expect(fired).toEqual([]);
    expect(calls.map((c) => [c.scriptId, c.status, c.start])).toEqual([
      [S.callsMissing, 'expanded', 0],
      [0x0a000010, 'missing', null],
      [GX.badScript, 'unreadable', null],
      [S.missing, 'missing', null],
    ]);
    expect(calls[1]!.problem).toBe(
      '0x0A000010 is not a PhysicsScript id (0x33000000–0x3300FFFF): its sounds are not shown',
    );
    expect(calls[3]!.problem).toBe('PhysicsScript 0x33000099 is not in the dat: its sounds are not shown');
    expect(calls[2]!.problem).toMatch(/^PhysicsScript 0x33000002 cannot be read: .*0x33000002/);
  });

  it('a motion whose only sounds come through CallPES is one of the creature motions', async () => {
    const { ctx } = await open();
    const d = await creatureDetail(ctx, S.setup);
    expect(d.motions).toEqual([
      expect.objectContaining({ name: 'AttackHigh1', soundHookCount: 0, scriptCallCount: 1 }),
    ]);
    const t = await motionTimeline(ctx, { setupId: S.setup });
    expect(t.events.map((e) => [e.script, e.waveId])).toEqual([[GX.script, GX.wave10]]);
    expect(t.events[0]!.t).toBeCloseTo(3 / 30 + 0.5, 12);
  });

  it('the delay is rolled from a seeded stream: the same seed gives the same delay, another seed another', async () => {
    const a = await run([root(0, S.long, 0.5)], new SeededRandom(7));
    const b = await run([root(0, S.long, 0.5)], new SeededRandom(7));
    const c = await run([root(0, S.long, 0.5)], new SeededRandom(8));
    expect(a.calls[0]!.delay).toBe(b.calls[0]!.delay);
    expect(c.calls[0]!.delay).not.toBe(a.calls[0]!.delay);
    for (const r of [a, c]) {
      expect(r.calls[0]!.delay).toBeGreaterThan(0);
      expect(r.calls[0]!.delay).toBeLessThan(0.5);
    }
  });
});

describe('DefaultScript in timelines (sound-sources §2.4, §1.3, §3.4 step 4)', () => {
  it("a DefaultScript hook plays the Setup's default_script_id at once: its sounds at the hook time + their start times", async () => {
    const { ctx } = await open();
    const t = await motionTimeline(ctx, { setupId: D.setup, motion: 0x10000062 });
    // DefaultScript on frame 2 at 30 fps fires at 3/30 s; GX.script's Sound is at 0.5 s
    expect(t.events).toHaveLength(1);
    expect(t.events[0]).toMatchObject({
      frame: 2,
      animation: D.attack,
      script: GX.script,
      scriptTime: 0.5,
      depth: 1,
      hook: 'Sound',
      waveId: GX.wave10,
      path: 'sound-hook',
    });
    expect(t.events[0]!.t).toBeCloseTo(3 / 30 + 0.5, 12);
    expect(t.scriptCalls[0]).toEqual({
      t: 3 / 30,
      frame: 2,
      animation: D.attack,
      caller: null,
      scriptId: GX.script,
      pause: 0,
      delay: 0,
      start: 3 / 30,
      queued: false,
      depth: 1,
      status: 'expanded',
      problem: null,
      soundHookCount: 1,
      hook: 'DefaultScript',
    });
  });

  it('a DefaultScriptPart hook (only "indirect" in the spec) is listed with a plain note, not expanded', async () => {
    const { ctx } = await open();
    const t = await motionTimeline(ctx, { setupId: D.setup, motion: 0x10000062 });
    expect(t.scriptCalls[1]).toMatchObject({
      t: 4 / 30,
      frame: 3,
      hook: 'DefaultScriptPart',
      scriptId: 0,
      start: null,
      status: 'indirect',
      problem: 'DefaultScriptPart (part 1) is indirect: not expanded',
      soundHookCount: 0,
    });
    expect(t.events.every((e) => e.frame !== 3)).toBe(true);
  });

  it('a DefaultScript hook has no pause: it starts on arrival with no draw from the delay stream', async () => {
    const none = new FixedRandom();
    const { calls, fired } = await run([defaultRoot(1)], none, S.long);
    expect(none.drawn.ran2).toBe(0);
    expect(calls[0]).toMatchObject({ hook: 'DefaultScript', pause: 0, delay: 0, start: 1, status: 'expanded' });
    expect(fired.map((h) => [h.t, h.script, h.scriptTime])).toEqual([
      [1, S.long, 0],
      [2, S.long, 1],
    ]);
  });

  it('the default script goes through the same script queue as CallPES scripts', async () => {
    const { calls, fired } = await run([root(0, S.long), defaultRoot(0.5)], new SeededRandom(1), S.long);
    expect(calls.map((c) => [c.hook, c.start, c.queued])).toEqual([
      ['CallPES', 0, false],
      ['DefaultScript', 1, true],
    ]);
    expect(fired.map((h) => h.t)).toEqual([0, 1, 1, 2]);
  });

  it('the same guards: a default script that plays the default script again is a cycle; a missing one is said', async () => {
    const cyc = await run([defaultRoot(0)], new SeededRandom(1), D.selfDefault);
    expect(cyc.fired.map((h) => [h.script, h.depth])).toEqual([[D.selfDefault, 1]]);
    expect(cyc.calls.map((c) => [c.hook, c.caller, c.depth, c.status])).toEqual([
      ['DefaultScript', null, 1, 'expanded'],
      ['DefaultScript', D.selfDefault, 2, 'cycle'],
    ]);
    expect(cyc.calls[1]!.problem).toBe(
      'PhysicsScript 0x33000030 calls itself (0x33000030 → 0x33000030): not expanded again',
    );
    const deep = await run([defaultRoot(0)], new SeededRandom(1), S.chain[0]!);
    expect(deep.fired).toEqual([]);
    expect(deep.calls.at(-1)).toMatchObject({ depth: MAX_SCRIPT_DEPTH + 1, status: 'too-deep' });
    const missing = await run([defaultRoot(0)], new SeededRandom(1), 0x33000099);
    expect(missing.calls[0]).toMatchObject({
      hook: 'DefaultScript',
      status: 'missing',
      problem: 'PhysicsScript 0x33000099 is not in the dat: its sounds are not shown',
    });
  });

  it('a Setup with no default script (0): the DefaultScript hook stays a hook with a plain note', async () => {
    const { ctx } = await open();
    const t = await motionTimeline(ctx, { setupId: D.noDefaultSetup, motion: 0x10000062 });
    expect(t.events).toEqual([]);
    expect(t.scriptCalls[0]).toMatchObject({
      hook: 'DefaultScript',
      scriptId: 0,
      delay: 0,
      start: null,
      status: 'no-default-script',
      problem: 'DefaultScript hook, but the Setup has no default script (default_script_id 0): nothing to play',
    });
    // and it makes no sound, so it is not one of the creature's sounding motions
    expect((await creatureDetail(ctx, D.noDefaultSetup)).motions).toEqual([]);
  });

  it('a motion whose only sounds come through DefaultScript is one of the creature motions', async () => {
    const { ctx } = await open();
    const d = await creatureDetail(ctx, D.setup);
    expect(d.motions).toEqual([
      expect.objectContaining({ name: 'AttackHigh1', soundHookCount: 0, scriptCallCount: 0, defaultScriptCount: 1 }),
    ]);
  });
});

describe('the Creatures list’s Hooks: the hooks that can play a sound (sound-sources §1.3, §2.4, §3.4)', () => {
  it('counts CallPES hooks whose script plays a sound and DefaultScript hooks when the default script does, beside the sound hooks', async () => {
    const { ctx } = await open();
    const byId = new Map(ctx.graph.creatures().map((c) => [c.id, c]));
    // the same motions but the attack: a CallPES of GX.script (S), a DefaultScript + DefaultScriptPart (D)
    const base = byId.get(D.noDefaultSetup)!;
    expect(base.scriptHookCount).toBe(0); // no default script: its DefaultScript hook plays nothing
    expect(byId.get(S.setup)).toMatchObject({ soundHookCount: base.soundHookCount, scriptHookCount: 1 });
    // DefaultScriptPart is only "indirect" in the spec: not counted
    expect(byId.get(D.setup)).toMatchObject({ soundHookCount: base.soundHookCount, scriptHookCount: 1 });
  });

  it('a creature whose only hooks play through scripts is listed (it makes sounds), with no SoundTable', async () => {
    const out = graphFixtureFiles();
    const setup = 0x02000030;
    const motionTable = 0x09000030;
    const attack = 0x03000030;
    out.push(
      { id: setup, data: writeSetup(sampleSetup(setup, { motionTable })) },
      {
        id: motionTable,
        data: writeMotionTable(
          creatureMotionTable(motionTable, { idle: attack, walk: attack, attack, death: attack, corpse: attack }),
        ),
      },
      { id: attack, data: writeAnimation(sampleAnimation(attack, 6, { 2: [hook.callPes(GX.script, 0)] })) },
    );
    const dat = await DatFile.open(new MemoryByteSource(writeDat(out, { maxEntriesPerNode: 6 })));
    const graph = await buildSoundGraph(dat, { soundTables: (await indexDat(dat)).soundTables.rows });
    expect(graph.creatures().find((c) => c.id === setup)).toEqual({
      id: setup,
      label: null,
      soundTable: null,
      motionTable,
      soundHookCount: 0,
      scriptHookCount: 1,
    });
  });
});
