// The frame of open pages (docs, terms, help, 404) for a visitor without a session.
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { CONSOLE_VERSION, SUPPORT_EMAIL } from '@hc/shared/constants';
import { PageSpinner } from '../../lib/config/config.tsx';
import { PRODUCT_NAME, loginPathFor } from '../../lib/navigation.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ToastLane } from '../../lib/toast.tsx';
import { Brand } from './Brand.tsx';

const LINKS = [
  { to: '/docs', label: 'Docs' },
  { to: '/terms', label: 'Terms' },
  { to: '/help', label: 'Help' },
];

export function PublicLayout({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <div className="hc-shell hc-public">
      <header className="hc-topbar">
        <Brand to="/login" />
        <nav className="hc-public-nav" aria-label="Public">
          {LINKS.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) => `hc-public-link${isActive ? ' is-active' : ''}`}
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <ToastLane />
        <LinkButton
          to={loginPathFor(location.pathname + location.search)}
          icon="pi pi-sign-in"
          label="Log in"
          size="small"
          data-testid="public-login"
        />
      </header>
      <main className="hc-content" id="main">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </main>
      <footer className="hc-public-footer">
        <span>
          {PRODUCT_NAME} · version {CONSOLE_VERSION}
        </span>
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </footer>
    </div>
  );
}
