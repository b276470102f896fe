/** A numeric field (role spinbutton) that lets the user type freely and commits parseable values. */
import { useEffect, useRef, useState } from 'react';
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
  onCommit(v: number): void;
  className?: string;
  id?: string;
}


export function NumberField({ label, value, min, max, step = 1, digits = 2, onCommit, className, id }: NumberFieldProps) {
  const [text, setText] = useState(() => show(value, digits));
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setText(show(value, digits));
  }, [value, digits]);
  return (
    <input
      id={id}
      className={'field ' + (className ?? '')}
      type="number"
      aria-label={label}
      value={text}
      min={min}
      max={max}
      step={step}
      onFocus={() => {
        editing.current = true;
      }}
      onBlur={() => {
        editing.current = false;
        setText(show(value, digits));
      }}
      onChange={(e) => {
        setText(e.target.value);
        const v = e.target.valueAsNumber;
        if (Number.isFinite(v)) onCommit(v);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          editing.current = false;
          setText(show(value, digits));
        }
      }}
    />
  );
}
