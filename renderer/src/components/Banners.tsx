/**
 * The banners under the toolbar, each a {@link Banner}: the demo data, a stopped host or a failed
 * open (the host's is said once, here; a path that is no dat file in plain words, by the error's
 * kind; a path past 120 characters shortened as the CLI shortens it, core/shortPath.ts, whole in
 * the banner's title), the dat's warnings and a drop hint. The open error and the
 * warnings can be dismissed ("Dismiss error", "Dismiss dat warnings").
 */
import { useState } from 'react';
import type { DatSummary } from '../../../core/contract';
import { dismissDatWarnings, dismissOpenError, useDat } from '../state/datStore';
import { useHost } from '../state/hostStore';
import { useUi } from '../state/uiStore';
import { Banner } from './Banner';
import { CopyDetails } from './ErrorText';
import { openErrorWords } from '../../../core/openErrorWords';
import { shortPath } from '../../../core/shortPath';
import type { UserError } from '../bridge';

/** The id of the failed open's text (the error and the dat still open), which describes "Dat path" while it shows the path that failed. */
export const OPEN_ERROR_ID = 'open-error';

/** The bundled demo dat is open: the service decides (it compares real paths), never the file name. */
function isDemo(summary: DatSummary | null): boolean {
  return summary?.demo ?? false;
}

/** What the banners show (from the stores: {@link Banners}). */
export interface BannerState {
  demo: boolean;
  openError: UserError | null;
  hostDown: UserError | null;
  failedPath: string | null;
  summaryPath: string | null;
  /** The open dat's warnings, null once dismissed. */
  datWarnings: readonly string[] | null;
  dropHint: string | null;
}

/** The banners of the stores' state. */
export function Banners(): React.JSX.Element {
  const state: BannerState = {
    demo: useDat((s) => isDemo(s.summary)),
    openError: useDat((s) => s.openError),
    hostDown: useHost((s) => s.down),
    failedPath: useDat((s) => s.failedPath),
    summaryPath: useDat((s) => s.summary?.path ?? null),
    dropHint: useUi((s) => s.dropHint),
    datWarnings: useDat((s) => (s.warningsDismissed === s.generation ? null : (s.summary?.warnings ?? null))),
  };
  return <BannerStack {...state} />;
}

/** The banners of `state`, in order: demo, host down or open error, dat warnings, drop hint. */
export function BannerStack({
  demo,
  openError,
  hostDown,
  failedPath,
  summaryPath,
  datWarnings,
  dropHint,
}: BannerState): React.JSX.Element {
  return (
    <>
      {demo && (
        <Banner tone="demo" role="note">
          Demo data — open your client_portal.dat
        </Banner>
      )}
      {hostDown ? (
        // a stopped host is said here, once; no "Still open": nothing can be read until it answers
        <Banner
          tone="error"
          role="alert"
          id={OPEN_ERROR_ID}
          title={wholePaths(failedPath, null)}
          actions={hostDown.report !== null && <CopyDetails report={hostDown.report} />}
        >
          {openError?.text === hostDown.text
            ? `Could not open the dat${failedPath ? ` ${shortPath(failedPath)}` : ''}: `
            : ''}
          {hostDown.text}
        </Banner>
      ) : (
        openError && (
          <Banner
            tone="error"
            role="alert"
            id={OPEN_ERROR_ID}
            title={wholePaths(failedPath, summaryPath)}
            actions={openError.report !== null && <CopyDetails report={openError.report} />}
            dismiss={{ label: 'Dismiss error', onDismiss: dismissOpenError }}
          >
            <OpenErrorLines error={openError} path={failedPath === null ? null : shortPath(failedPath)} />
            <br />
            {summaryPath !== null || demo
              ? `Still open: ${summaryPath === null ? 'the demo dat' : shortPath(summaryPath)}`
              : 'No dat is open.'}
          </Banner>
        )
      )}
      {datWarnings && datWarnings.length > 0 && (
        <Banner
          tone="warn"
          role="note"
          label="Dat warnings"
          dismiss={{ label: 'Dismiss dat warnings', onDismiss: dismissDatWarnings }}
        >
          <DatWarnings key={datWarnings.join('\n')} warnings={datWarnings} />
        </Banner>
      )}
      {dropHint && (
        <Banner tone="info" role="note">
          {dropHint}
        </Banner>
      )}
    </>
  );
}

/**
 * The banner's title when it shortened a path (core/shortPath.ts, as the CLI does past 120
 * characters, so the reason and "Still open" stay in sight): the paths whole, one a line.
 * "Copy details" has the failed one whole too. undefined when nothing was shortened.
 */
function wholePaths(failedPath: string | null, summaryPath: string | null): string | undefined {
  const lines = [
    failedPath !== null && shortPath(failedPath) !== failedPath ? `Could not open: ${failedPath}` : null,
    summaryPath !== null && shortPath(summaryPath) !== summaryPath ? `Still open: ${summaryPath}` : null,
  ].filter((l): l is string => l !== null);
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** The failed open in words (core/openErrorWords.ts: by the error's kind, as the CLI says it), its hint on a line of its own. */
function OpenErrorLines({ error, path }: { error: UserError; path: string | null }): React.JSX.Element {
  const { head, hint } = openErrorWords(error, path);
  return (
    <>
      {head}
      {hint !== null && (
        <>
          <br />
          {hint}
        </>
      )}
    </>
  );
}

/**
 * The dat's warnings: one is said whole; of several, the first is said whole and a disclosure
 * button "Show all N warnings" (aria-expanded) shows the rest in a list that scrolls when long
 * (it takes the focus to scroll by keyboard), so no warning is cut mid-sentence out of sight.
 */
export function DatWarnings({ warnings }: { warnings: readonly string[] }): React.JSX.Element {
  const [open, setOpen] = useState(false);
  if (warnings.length === 1) return <>⚠ {warnings[0]}</>;
  return (
    <>
      ⚠ {warnings.length} warnings about this dat:
      <ul
        className={open ? 'dat-warnings all' : 'dat-warnings'}
        id="dat-warnings-list"
        aria-label={`${open ? warnings.length : 1} of ${warnings.length} dat warnings`}
        tabIndex={open ? 0 : undefined}
      >
        {(open ? warnings : warnings.slice(0, 1)).map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ul>
      <button
        type="button"
        className="btn small banner-more"
        aria-expanded={open}
        aria-controls="dat-warnings-list"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Show only the first warning' : `Show all ${warnings.length} warnings`}
      </button>
    </>
  );
}
