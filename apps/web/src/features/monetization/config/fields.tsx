// Inputs of the config page: a labelled row with its inline error, numeric inputs that strip non-digits
// and a switch row.
import type { ReactNode } from 'react';
import { InputText } from 'primereact/inputtext';
import { InputSwitch } from 'primereact/inputswitch';
import { stripNonDigits } from '@hc/shared/validation';
import { FieldMessage } from '../../../components/FieldMessage.tsx';

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}

export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="hc-mon-field" data-testid={`field-${id}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldMessage id={`${id}-error`} error={error} hint={hint} testId={`error-${id}`} />
    </div>
  );
}

interface NumberFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  suffix?: string;
  prefix?: string;
}

/** A text input that keeps digits only, so a user can clear it but never type a letter. */
export function NumberField({ id, label, value, onChange, error, hint, suffix, prefix }: NumberFieldProps) {
  const input = (
    <InputText
      id={id}
      value={value}
      inputMode="numeric"
      invalid={error !== undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(e) => onChange(stripNonDigits(e.target.value))}
      data-testid={`input-${id}`}
    />
  );
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {suffix || prefix ? (
        <div className="p-inputgroup">
          {prefix && <span className="p-inputgroup-addon hc-mono">{prefix}</span>}
          {input}
          {suffix && <span className="p-inputgroup-addon">{suffix}</span>}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

export function SwitchField(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="hc-mon-switch" data-testid={`field-${props.id}`}>
      <InputSwitch
        inputId={props.id}
        checked={props.checked}
        onChange={(e) => props.onChange(e.value)}
        data-testid={`switch-${props.id}`}
      />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}

export function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="hc-card hc-mon-section" data-testid={testId}>
      <h2 className="hc-mon-section__title">{title}</h2>
      <div className="hc-mon-section__body">{children}</div>
    </section>
  );
}
