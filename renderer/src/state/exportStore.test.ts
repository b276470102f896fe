import { afterEach, describe, expect, it } from 'vitest';
import type { ExportProgress, ExportRequest, ExportResult } from '../../../core/contract';
import { setBridge, type ServiceBridge } from '../bridge';
import { rebuildError } from '../../../core/errors';
import {
  attemptedCount,
  cancelExport,
  cancelledNote,
  inExportDir,
  runExport,
  setExportFileNames,
  setExportOptions,
  skippedLines,
  useExport,
} from './exportStore';
import { setExportNameTemplate } from './prefsStore';

/** A bridge whose exportWaves runs until cancelExport is called, then resolves as the service would. */
function fakeBridge(): { bridge: ServiceBridge; cancels: number; started: Promise<ExportRequest> } {
  let finish!: () => void;
  let started!: (r: ExportRequest) => void;
  const state = { cancels: 0, started: new Promise<ExportRequest>((r) => (started = r)) };
  const progress = new Set<(p: ExportProgress) => void>();
  const bridge = {
    exportWaves: (request: ExportRequest): Promise<ExportResult> => {
      started(request);
      for (const cb of progress) cb({ done: 1, total: request.ids.length, id: request.ids[0]! });
      return new Promise<void>((r) => (finish = r)).then(() => ({
        dir: request.dir,
        written: [{ id: request.ids[0]!, file: `${request.dir}/a.wav` }],
        skipped: [],
        failed: [],
        notAttempted: request.ids.slice(1),
        cancelled: true,
      }));
    },
    cancelExport: async (): Promise<void> => {
      state.cancels++;
      finish();
    },
    onExportProgress: (cb: (p: ExportProgress) => void) => {
      progress.add(cb);
      return () => progress.delete(cb);
    },
  } as unknown as ServiceBridge;
  return Object.assign(state, { bridge });
}

afterEach(() => setBridge(null));

describe('export store: cancel', () => {
  it('Cancel asks the service once; the run ends with the cancelled result and the note', async () => {
    const fake = fakeBridge();
    setBridge(fake.bridge);
    useExport.setState({
      folder: '/tmp/out',
      format: 'decoded',
      running: false,
      cancelling: false,
      result: null,
      error: null,
    });
    const run = runExport([1, 2, 3]);
    await fake.started;
    expect(useExport.getState()).toMatchObject({ running: true, cancelling: false, progress: { done: 0, total: 3 } });
    const c1 = cancelExport();
    const c2 = cancelExport(); // a second click while cancelling is ignored
    expect(useExport.getState().cancelling).toBe(true);
    await Promise.all([c1, c2, run]);
    expect(fake.cancels).toBe(1);
    const s = useExport.getState();
    expect(s).toMatchObject({ running: false, cancelling: false, error: null });
    expect(s.result!.cancelled).toBe(true);
    expect(cancelledNote(s.result!)).toBe('Cancelled after 1 of 3');
    // the bar stays where the batch got to, not full
    expect(s.progress).toMatchObject({ done: 1, total: 3 });
    // the ids never attempted are one line
    expect(skippedLines(s.result!)).toEqual([{ key: 'not-attempted', text: '2 not attempted (cancelled)' }]);
  });

  it('skipped lines: every skip by file name (or id), then the not-attempted ids in one line', () => {
    const r = {
      dir: '/o',
      written: [{ id: 0x0a000003, file: '/o/0A000003.wav' }],
      failed: [],
      cancelled: true,
      skipped: [
        { id: 0x0a000001, file: '/o/0A000001.wav', reason: 'exists' },
        { id: 0x0a000002, file: '', reason: 'inaudible (below −50 dB)' },
        // the cancel came while this one was being made: attempted, not written
        { id: 0x0a000004, file: '/o/0A000004.wav', reason: 'cancelled' },
      ],
      notAttempted: Array.from({ length: 2738 }, (_, i) => 0x0a000010 + i),
    };
    expect(skippedLines(r)).toEqual([
      { key: 's167772161', text: '0A000001.wav: exists' },
      { key: 's167772162', text: '0x0A000002: inaudible (below −50 dB)' },
      { key: 's167772164', text: '0A000004.wav: cancelled' },
      { key: 'not-attempted', text: '2738 not attempted (cancelled)' },
    ]);
    expect(attemptedCount(r)).toBe(4);
    expect(cancelledNote(r)).toBe('Cancelled after 4 of 2742');
    const finished = { ...r, cancelled: false, notAttempted: [] };
    expect(cancelledNote(finished)).toBeNull();
    expect(skippedLines(finished).map((l) => l.key)).not.toContain('not-attempted');
  });

  it('cancel when nothing runs does nothing; a failing cancel is shown', async () => {
    setBridge({ cancelExport: () => Promise.reject(new Error('host gone')) } as unknown as ServiceBridge);
    useExport.setState({ running: false, cancelling: false, error: null });
    await cancelExport();
    expect(useExport.getState().error).toBeNull();
    useExport.setState({ running: true });
    await cancelExport();
    expect(useExport.getState()).toMatchObject({ cancelling: false, error: { text: 'Could not cancel: host gone' } });
    useExport.setState({ running: false, error: null });
  });
});

describe('export store: a failed export in plain words (issue #10 defect 7)', () => {
  it('an ExportError is shown by its message, with its class and code kept for "Copy details"', async () => {
    setBridge({
      exportWaves: () =>
        Promise.reject(
          rebuildError({
            name: 'ExportError',
            message: 'cannot export to "/root/x": permission denied (EACCES)',
            code: 'EACCES',
          }),
        ),
      onExportProgress: () => () => undefined,
    } as unknown as ServiceBridge);
    useExport.setState({ folder: '/root/x', format: 'decoded', running: false, error: null, result: null });
    await runExport([0x0a000010]);
    const error = useExport.getState().error!;
    expect(error.text).toBe('cannot export to "/root/x": permission denied (EACCES)');
    expect(JSON.parse(error.report!)).toMatchObject({ name: 'ExportError', code: 'EACCES' });
    useExport.setState({ error: null });
  });
});

describe('export store: file names', () => {
  it('sends the naming template of the prefs; an invalid one is refused with its problem and nothing is sent', async () => {
    const sent: ExportRequest[] = [];
    setBridge({
      exportWaves: async (request: ExportRequest): Promise<ExportResult> => {
        sent.push(request);
        return { dir: request.dir, written: [], skipped: [], failed: [], notAttempted: [], cancelled: false };
      },
    } as unknown as ServiceBridge);
    useExport.setState({ folder: '/tmp/out', format: 'decoded', running: false, result: null, error: null });
    setExportNameTemplate('{table}/{cue');
    await runExport([0x0a000012]);
    expect(sent).toEqual([]);
    expect(useExport.getState().error?.text).toBe('File names: "{" at character 9 is not closed by "}".');
    setExportNameTemplate('{table}/{cue}_{id}');
    await runExport([0x0a000012]);
    expect(sent).toMatchObject([{ ids: [0x0a000012], nameTemplate: '{table}/{cue}_{id}' }]);
    setExportNameTemplate('{id}');
  });
});

describe('export store: results of the attempt at hand', () => {
  it('a skipped file is named by its path inside the export folder (a template can make sub-folders)', () => {
    const r: ExportResult = {
      dir: '/tmp/out/',
      written: [],
      failed: [],
      cancelled: false,
      notAttempted: [],
      skipped: [
        { id: 0x0a000010, file: '/tmp/out/20000001/Footstep1_0A000010.wav', reason: 'exists' },
        { id: 0x0a000011, file: 'C:\\out\\0A000011.wav', reason: 'exists' },
      ],
    };
    expect(skippedLines(r).map((l) => l.text)).toEqual([
      '20000001/Footstep1_0A000010.wav: exists',
      'C:/out/0A000011.wav: exists',
    ]);
    expect(inExportDir('C:\\out', 'C:\\out\\sub\\a.wav')).toBe('sub/a.wav');
  });

  it("a new attempt clears the last one's results: a refused one shows only why", async () => {
    useExport.setState({
      folder: '',
      running: false,
      error: null,
      result: { dir: '/o', written: [], skipped: [], failed: [], notAttempted: [], cancelled: false },
    });
    await runExport([0x0a000010]);
    expect(useExport.getState()).toMatchObject({ result: null, error: { text: 'Choose a folder to export into.' } });
    useExport.setState({ error: null });
  });
});

describe("export store: a failed export's error goes once its inputs change", () => {
  const failed = {
    text: 'cannot export to "/tmp/a-file": a path component is not a directory (ENOTDIR)',
    report: null,
  };
  it('a new Folder, format, scope, overwrite or File names clears it; a running export keeps its own', () => {
    for (const change of [
      () => setExportOptions({ folder: '/tmp/out' }),
      () => setExportOptions({ format: 'original' }),
      () => setExportOptions({ scope: 'all' }),
      () => setExportOptions({ force: true }),
      () => setExportFileNames('{id}_{cue}'),
    ]) {
      useExport.setState({ running: false, error: failed });
      change();
      expect(useExport.getState().error).toBeNull();
    }
    useExport.setState({ running: true, error: failed });
    setExportOptions({ folder: '/tmp/elsewhere' });
    expect(useExport.getState().error).toBe(failed);
    useExport.setState({ running: false, error: null, folder: '', format: 'decoded', scope: 'selected', force: false });
    setExportNameTemplate('{id}');
  });
});
