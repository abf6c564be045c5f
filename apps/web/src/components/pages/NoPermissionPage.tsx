// A route whose access rule the user's roles do not pass: said plainly, inside the shell.
import { LinkButton } from '../LinkButton.tsx';
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
          {label ? <strong>{label}</strong> : 'This page'} needs a role your account does not hold for the
          current publisher. Ask your administrator for access, or switch publisher from the user menu.
        </>
      }
      action={<LinkButton to="/" icon="pi pi-home" label="Back to APV Highlights" outlined />}
    />
  );
}
