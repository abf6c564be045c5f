// The product name with its logo, linking home: in the top bar and in the menu drawer's header.
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/navigation.ts';

export function Brand() {
  return (
    <Link to="/" className="hc-brand" data-testid="brand">
      <span className="hc-logo" aria-hidden="true">
        <i className="pi pi-play" />
      </span>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
