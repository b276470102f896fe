/**
 * A numeric field (role spinbutton) that lets the user type freely and commits parseable values.
 * A value outside min..max is clamped (or `normalize`d) and never silently: the field is marked
 * `aria-invalid` and a short hint beside it says what was used; a value `refuse`d (a scene the
 * terrain type does not have) and text that is not a number are not committed and the value from before the edit is kept (restored if a half-typed value was
 * committed on the way), the hint saying which.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { fieldHint } from '../lib/fieldHint';
import { fmtNumber as show } from '../lib/format';

export interface NumberFieldProps {
  label: string;
  value: number;
  min?: number;
  max?: number;
  /** The field's step; "any" accepts any number of decimals (the spin arrows then step by 1). */
  step?: number | 'any';
  /** Digits shown when not editing. */
  digits?: number;
  /** What the store makes of a typed value (default: clamp to min..max); a change is shown as a hint. */
  normalize?: (v: number) => number;
  onCommit(v: number): void;
  className?: string;
  id?: string;
  disabled?: boolean;
  /** Describes the field (e.g. what the value means), besides the hint. */
  describedBy?: string;
  /** The range as the docs give it, said when `normalize` maps a typed value into it, e.g. "(−180, 180]". */
  rangeText?: string;
  /** Refuses a typed value, saying why (see `FieldRules.refuse`): nothing is committed, the hint says which value is kept. */
  refuse?: (v: number, typed: string) => string | null;
  /** The value held is itself not valid (e.g. for a choice made elsewhere): marked `aria-invalid`, said by `describedBy`. */
  invalid?: boolean;
}

export function NumberField({
  label,
  value,
  min,
  max,
  step = 1,
  digits = 2,
  normalize,
  onCommit,
  className,
  id,
  disabled,
  describedBy,
  rangeText,
  refuse,
  invalid,
}: NumberFieldProps) {
  const [text, setText] = useState(() => show(value, digits));
  const [hint, setHint] = useState<string | null>(null);
  const hintId = useId();
  const editing = useRef(false);
  /** The value when the edit began: kept (and restored) when the text is not a usable number. */
  const before = useRef(value);
  useEffect(() => {
    if (!editing.current) setText(show(value, digits));
  }, [value, digits]);
  const describedByIds = [describedBy, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <span className="numfield">
      <input
        id={id}
        className={'field ' + (className ?? '')}
        type="number"
        aria-label={label}
        aria-invalid={hint || invalid ? true : undefined}
        aria-describedby={describedByIds}
        value={text}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        onFocus={() => {
          editing.current = true;
          before.current = value;
        }}
        onBlur={() => {
          editing.current = false;
          setText(show(value, digits));
        }}
        onChange={(e) => {
          setText(e.target.value);
          if (!editing.current) {
            editing.current = true;
            before.current = value;
          }
          const kept = before.current;
          const r = fieldHint(
            e.target.value,
            e.target.valueAsNumber,
            kept,
            { min, max, normalize, digits, rangeText, refuse },
            e.target.validity.badInput,
          );
          setHint(r.hint);
          if (r.commit !== null) onCommit(r.commit);
          else if (value !== kept) onCommit(kept); // a half-typed value on the way is not kept
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            editing.current = false;
            setText(show(value, digits));
          }
        }}
      />
      {hint && (
        <span id={hintId} className="field-hint" role="status">
          {hint}
        </span>
      )}
    </span>
  );
}
