// /docs and /docs/{pageName}: the documentation with its side navigation. Open to everyone.
import { NavLink, useParams } from 'react-router';
import { Card } from 'primereact/card';
import { useOptionalAppConfig } from '../../lib/config/config.tsx';
import { StatePanel } from '../../components/StatePanel.tsx';
import { EXAMPLE_ACCOUNT_ID } from './facts.ts';
import { DOCS_PAGES, canonicalDocsName, docsPageFor } from './pages.tsx';

export function DocsPage() {
  const { pageName } = useParams();
  const config = useOptionalAppConfig();
  const page = docsPageFor(pageName);
  const current = canonicalDocsName(pageName);

  return (
    <div className="hc-page hc-docs" data-testid="docs-page">
      <nav className="hc-docs-nav" aria-label="Documentation">
        <div className="hc-docs-nav-title">Documentation</div>
        <ul>
          {DOCS_PAGES.map((p) => (
            <li key={p.name}>
              <NavLink
                to={`/docs/${p.name}`}
                className={() => `hc-docs-nav-link${p.name === current ? ' is-active' : ''}`}
                aria-current={p.name === current ? 'page' : undefined}
              >
                <i className={p.icon} aria-hidden="true" />
                <span>{p.title}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="hc-docs-content">
        {page ? (
          <Card className="hc-card-flush">
            <article className="hc-doc" data-testid={`docs-${page.name}`}>
              <h1 className="hc-page-title">{page.title}</h1>
              <p className="hc-doc-lead">{page.summary}</p>
              {page.render({
                accountId: config?.user.publisher.id ?? EXAMPLE_ACCOUNT_ID,
                signedIn: config !== null,
              })}
            </article>
          </Card>
        ) : (
          <StatePanel
            kind="info"
            icon="pi pi-book"
            title="No such documentation page"
            testId="docs-not-found"
            message={
              <>
                There is no page called <code className="hc-code-inline">{pageName}</code>. Choose a page from
                the list.
              </>
            }
          />
        )}
      </div>
    </div>
  );
}
