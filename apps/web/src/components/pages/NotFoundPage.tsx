// Unknown routes: a friendly 404 with a way home.
import { useLocation } from 'react-router';
import { LinkButton } from '../LinkButton.tsx';
import { StatePanel } from '../StatePanel.tsx';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatePanel
      kind="info"
      testId="not-found"
      icon="pi pi-compass"
      title="Page not found"
      message={
        <>
          There is no page at <code className="hc-code-inline">{pathname}</code>. It may have moved, or the
          link may be mistyped.
        </>
      }
      action={
        <LinkButton to="/" icon="pi pi-home" label="Go to the console home" data-testid="not-found-home" />
      }
    />
  );
}
