// /terms: the terms of service, figures from TERMS. Open to everyone.
import { Card } from 'primereact/card';
import { Link } from 'react-router';
import { SUPPORT_EMAIL, TERMS } from '@hc/shared/constants';
import { PRODUCT_NAME } from '../../lib/navigation.ts';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const words: Record<number, string> = { 1: 'one', 6: 'six', 12: 'twelve' };
const spelled = (n: number) => words[n] ?? String(n);

export function TermsPage() {
  return (
    <div className="hc-page hc-narrow" data-testid="terms-page">
      <Card className="hc-card-flush">
        <article className="hc-doc">
          <h1 className="hc-page-title">Terms of service</h1>
          <p className="hc-doc-lead">
            These terms govern the use of the {PRODUCT_NAME} and the highlight services it manages.
          </p>

          <section className="hc-doc-section" data-testid="terms-license">
            <h2>1. License</h2>
            <p>
              We grant the publisher a non-exclusive, non-transferable license to use the {PRODUCT_NAME}, the
              player and the highlights created from the publisher&apos;s content, for the publisher&apos;s
              own websites and apps, for as long as these terms are in force. The publisher keeps all rights
              in its content.
            </p>
          </section>

          <section className="hc-doc-section" data-testid="terms-payment">
            <h2>2. Payment</h2>
            <p>
              Fees are invoiced monthly. Payment is due within{' '}
              <strong>{plural(TERMS.paymentDueDaysAfterMonthEnd, 'day')} of the end of the month</strong> to
              which the invoice relates.
            </p>
          </section>

          <section className="hc-doc-section" data-testid="terms-term">
            <h2>3. Term and renewal</h2>
            <p>
              The agreement runs for an initial term of{' '}
              <strong>
                {spelled(TERMS.initialTermYears)} year{TERMS.initialTermYears === 1 ? '' : 's'}
              </strong>
              . It then renews automatically for successive periods of{' '}
              <strong>{spelled(TERMS.renewalMonths)} months</strong> each.
            </p>
          </section>

          <section className="hc-doc-section" data-testid="terms-non-renewal">
            <h2>4. Non-renewal</h2>
            <p>
              Either party may choose not to renew by giving written notice at least{' '}
              <strong>{plural(TERMS.nonRenewalNoticeDays, 'day')}</strong> before the end of the current term.
            </p>
          </section>

          <section className="hc-doc-section" data-testid="terms-termination">
            <h2>5. Termination</h2>
            <p>
              Either party may terminate the agreement by giving{' '}
              <strong>{plural(TERMS.terminationNoticeDays, 'day')}&apos; written notice</strong>.
            </p>
          </section>

          <section className="hc-doc-section">
            <h2>6. Questions</h2>
            <p>
              Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or see the{' '}
              <Link to="/help">help page</Link>.
            </p>
          </section>
        </article>
      </Card>
    </div>
  );
}
