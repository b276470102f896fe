/** A coarse slider and a precise number field for one Listener quantity (distance, bearing). */
import { signed } from '../lib/format';
import { NumberField } from './NumberField';

export interface SliderFieldProps {
  /** Slider's accessible name, e.g. "Distance"; the field is named `${name} (${unit})`. */
  name: string;
  unit: string;
  id: string;
  value: number;
  min: number;
  max: number;
  /** Slider step; the field takes any value (3 decimals). */
  step: number;
  /** Text read for the slider's value, e.g. "10 m". */
  valueText: string;
  /** Clamp/normalise rule shared with core (clampDistance, normalizeBearing). */
  normalize: (v: number) => number;
  /** The value wraps around (a bearing): the range is (min, max], said when a typed value is wrapped. */
  wraps?: boolean;
  onChange: (v: number) => void;
}

export function SliderField({
  name,
  unit,
  id,
  value,
  min,
  max,
  step,
  valueText,
  normalize,
  wraps,
  onChange,
}: SliderFieldProps) {
  return (
    <div className="ctl">
      <label htmlFor={id}>{name}</label>
      <input
        id={id}
        type="range"
        aria-label={name}
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(e) => onChange(e.target.valueAsNumber)}
      />
      <NumberField
        label={`${name} (${unit})`}
        value={value}
        min={min}
        max={max}
        step="any"
        digits={3}
        normalize={normalize}
        rangeText={wraps ? `(${signed(String(min))}, ${max}]` : undefined}
        onCommit={onChange}
      />
      <span className="unit">{unit}</span>
    </div>
  );
}
