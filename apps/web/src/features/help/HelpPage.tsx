// /help: how to reach support, and where the answers already are. Open to everyone.
import { Card } from 'primereact/card';
import { Link } from 'react-router';
import { CONSOLE_VERSION, SUPPORT_EMAIL } from '@hc/shared/constants';

export function HelpPage() {
  return (
    <div className="hc-page hc-narrow" data-testid="help-page">
      <Card className="hc-card-flush">
        <article className="hc-doc">
          <h1 className="hc-page-title">Help</h1>
          <p className="hc-doc-lead">
            We are here to help with the console, your highlights and the integration.
          </p>
          <div className="hc-help-grid">
            <div className="hc-help-item">
              <i className="pi pi-envelope" aria-hidden="true" />
              <div>
                <h2>E-mail support</h2>
                <p>
                  Write to{' '}
                  <a href={`mailto:${SUPPORT_EMAIL}`} data-testid="support-email">
                    {SUPPORT_EMAIL}
                  </a>
                  . Include the page address and, for an error, the text of the message (each message has a
                  Copy button).
                </p>
              </div>
            </div>
            <div className="hc-help-item">
              <i className="pi pi-book" aria-hidden="true" />
              <div>
                <h2>Documentation</h2>
                <p>
                  Read about <Link to="/docs/apv">APV</Link>, <Link to="/docs/integration">integration</Link>{' '}
                  and <Link to="/docs/tvp">Top Videos</Link>.
                </p>
              </div>
            </div>
            <div className="hc-help-item">
              <i className="pi pi-file" aria-hidden="true" />
              <div>
                <h2>Terms</h2>
                <p>
                  The <Link to="/terms">terms of service</Link> cover license, payment, term and notice
                  periods.
                </p>
              </div>
            </div>
          </div>
          <p className="hc-muted mt-4 mb-0">Console version {CONSOLE_VERSION}</p>
        </article>
      </Card>
    </div>
  );
}
