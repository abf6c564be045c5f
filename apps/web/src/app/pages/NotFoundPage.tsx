// Unknown routes: a friendly 404 with a way home.
import { Link, useLocation } from 'react-router';
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
          There is no page at <code className="hc-code-inline">{pathname}</code>. It may have moved, or the link may be
          mistyped.
        </>
      }
      action={
        <Link to="/" className="p-button p-component no-underline">
          <span className="p-button-icon p-button-icon-left pi pi-home" aria-hidden="true" />
          <span className="p-button-label">Go to the console home</span>
        </Link>
      }
    />
  );
}
