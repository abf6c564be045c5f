// One labelled control of the page form, with an optional hint below it (a character count).
import type { ReactNode } from 'react';

export function Field({
  id,
  label,
  children,
  hint,
}: {
  id: string;
  label: string;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="hc-se-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small className="hc-se-muted">{hint}</small>}
    </div>
  );
}
