// A route whose access rule the user's roles do not pass: said plainly, inside the shell.
import { Link } from 'react-router';
import { StatePanel } from '../StatePanel.tsx';

export function NoPermissionPage({ label }: { label?: string }) {
  return (
    <StatePanel
      kind="info"
      testId="no-permission"
      icon="pi pi-lock"
      title="You don't have permission to view this page"
      message={
        <>
          {label ? <strong>{label}</strong> : 'This page'} needs a role your account does not hold for the current
          publisher. Ask your administrator for access, or switch publisher from the user menu.
        </>
      }
      action={
        <Link to="/" className="p-button p-component p-button-outlined no-underline">
          <span className="p-button-icon p-button-icon-left pi pi-home" aria-hidden="true" />
          <span className="p-button-label">Back to APV Highlights</span>
        </Link>
      }
    />
  );
}
