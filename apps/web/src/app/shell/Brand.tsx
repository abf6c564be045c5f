// The product name with its logo, linking home: in the top bar and in the menu drawer's header.
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/navigation.ts';

/** `to`: where the name leads (home, or the login page outside a session). */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="hc-brand" data-testid="brand">
      <span className="hc-logo" aria-hidden="true">
        <i className="pi pi-play" />
      </span>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
