// /login: e-mail and password in a centred card. Success stores the session and returns the user to the
// page they came from (location state or ?from=), otherwise to /.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { messages } from '@hc/shared/messages';
import { CONSOLE_VERSION } from '@hc/shared/constants';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@hc/shared/api/auth-limits';
import { ApiError } from '../../lib/api.ts';
import { writeSession } from '../../lib/session.ts';
import { useToast } from '../../lib/toast.tsx';
import { useSession } from '../../lib/useSession.ts';
import { PRODUCT_NAME, returnPathFrom } from '../../lib/navigation.ts';
import { useLogin } from './api/login.ts';

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    // A rate-limited login, or a right password on an account with no publisher yet, carries the
    // server's own explanation; anything else is a plain failure.
    if (error.status === 429 || error.status === 403) return error.message;
    if (error.status === 0 || error.status >= 500) return error.message;
  }
  return messages.authenticationFailed;
}

export function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const emailId = useId();
  const passwordId = useId();
  const target = returnPathFrom(location.state, searchParams.get('from'));

  if (session && !loginMutation.isPending && !loginMutation.isSuccess)
    return <Navigate to={target} replace />;

  const canSubmit = email.trim() !== '' && password !== '' && !loginMutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFailure(null);
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (data) => {
          queryClient.clear();
          writeSession({ email: (data.email || email).trim().toLowerCase(), token: data.token });
          void navigate(target, { replace: true });
        },
        onError: (error) => {
          setFailure(failureText(error));
          toast.error(messages.loginFailed);
        },
      },
    );
  };

  return (
    <main className="hc-login">
      <Card className="hc-login-card">
        <div className="hc-login-brand">
          <span className="hc-logo" aria-hidden="true">
            <i className="pi pi-play" />
          </span>
          <h1 className="hc-login-title">{PRODUCT_NAME}</h1>
          <p className="hc-login-subtitle">Sign in to manage your automated video highlights.</p>
        </div>
        <form onSubmit={submit} noValidate className="flex flex-column gap-3" data-testid="login-form">
          <div className="flex flex-column gap-2">
            <label htmlFor={emailId} className="hc-label">
              E-mail
            </label>
            <InputText
              id={emailId}
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              invalid={failure !== null}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="you@publisher.com"
              data-testid="login-email"
            />
          </div>
          <div className="flex flex-column gap-2">
            <label htmlFor={passwordId} className="hc-label">
              Password
            </label>
            <Password
              inputId={passwordId}
              name="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              invalid={failure !== null}
              onChange={(e) => setPassword(e.target.value)}
              feedback={false}
              toggleMask
              className="w-full"
              inputClassName="w-full"
              pt={{ input: { 'data-testid': 'login-password' } as object }}
            />
          </div>
          {failure && (
            <Message
              severity="error"
              text={failure}
              className="w-full justify-content-start"
              data-testid="login-error"
            />
          )}
          <Button
            type="submit"
            label="Log in"
            icon="pi pi-sign-in"
            loading={loginMutation.isPending}
            disabled={!canSubmit}
            className="w-full mt-1"
            data-testid="login-submit"
          />
        </form>
        <footer className="hc-login-footer">
          <span data-testid="console-version">version {CONSOLE_VERSION}</span>
          <span aria-hidden="true">·</span>
          <Link to="/help">Help</Link>
          <span aria-hidden="true">·</span>
          <Link to="/terms">Terms</Link>
        </footer>
      </Card>
    </main>
  );
}
