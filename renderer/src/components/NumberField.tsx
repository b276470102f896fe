/** A numeric field (role spinbutton) that lets the user type freely and commits parseable values. */
import { useEffect, useRef, useState } from 'react';

export interface NumberFieldProps {
  label: string;
  value: number;
  min?: number;
  max?: number;
  step?: number;
  /** Digits shown when not editing. */
  digits?: number;
  onCommit(v: number): void;
  className?: string;
  id?: string;
}

function show(v: number, digits: number): string {
  return String(Number(v.toFixed(digits)));
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
