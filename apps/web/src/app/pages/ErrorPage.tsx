// The fallback page for render errors: the catalogue message and a Back link.
import { useNavigate, useRouteError } from 'react-router';
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';
import { StatePanel } from '../../components/StatePanel.tsx';

/** Shown by the router when a screen throws while rendering or loading. */
export function ErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  // Logged for the developer's console; the user sees the catalogue wording only.
  console.error(error);
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return (
    <StatePanel
      kind="error"
      testId="error-page"
      title="Oops"
      message={messages.renderError}
      action={
        <>
          <Button
            type="button"
            label="Back"
            icon="pi pi-arrow-left"
            onClick={back}
            data-testid="error-back"
          />
          <Button type="button" label="Home" icon="pi pi-home" outlined onClick={() => void navigate('/')} />
        </>
      }
    />
  );
}
