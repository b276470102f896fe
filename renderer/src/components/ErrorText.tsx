/**
 * An error as people see it (issue #10 defect 7): its plain words (core/errors `userMessage`,
 * never a class name) and a "Copy details" button that puts its report — class, message, code
 * and details (core/errors `errorReport`) — on the clipboard for a bug report.
 */
import { useState } from 'react';
import type { UserError } from '../bridge';

/** The "Copy details" button of an error: copies `report`, then says "Copied" for a moment. */
export function CopyDetails({ report }: { report: string }): React.JSX.Element {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn small copy-details"
      title="Copy the error's class, code and details (for a bug report)"
      onClick={() => {
        void navigator.clipboard
          ?.writeText(report)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          })
          .catch(() => undefined);
      }}
    >
      {copied ? 'Copied' : 'Copy details'}
    </button>
  );
}

/** `prefix` + the error's words, then its "Copy details" button. */
export function ErrorText({ error, prefix }: { error: UserError; prefix?: string }): React.JSX.Element {
  return (
    <>
      {prefix}
      {error.text}
      {error.report !== null && (
        <>
          {' '}
          <CopyDetails report={error.report} />
        </>
      )}
    </>
  );
}
