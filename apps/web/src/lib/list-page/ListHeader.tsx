// The head of a list screen: its title and a line saying what it lists on the left; on the right the count
// of what the list holds ("12 packages"), shown once it is known, and the screen's actions (Export...).
import type { ReactNode } from 'react';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { formatNumber } from '@hc/shared/formatters';
import '../../components/data-page.css';

interface ListHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The count's words; left out (or false) while the list is loading or when there is nothing to count. */
  count?: ReactNode;
  countTestId?: string;
  actions?: ReactNode;
}

export function ListHeader({ title, subtitle, count, countTestId, actions }: ListHeaderProps) {
  const shownCount = count !== undefined && count !== false && count !== null && (
    <span className="hc-result-count" data-testid={countTestId}>
      {count}
    </span>
  );
  return (
    <header className="hc-page-header">
      <div>
        <h1 className="hc-page-title">{title}</h1>
        {subtitle && <p className="hc-page-subtitle">{subtitle}</p>}
      </div>
      {actions ? (
        <div className="flex align-items-center gap-3">
          {shownCount}
          {actions}
        </div>
      ) : (
        shownCount
      )}
    </header>
  );
}

/**
 * "1 package", "12 packages"; a list the server stopped counting at its search limit reads "1000+ packages",
 * as the search-limit message words it.
 */
export function countLabel(count: number, singular: string, plural: string, capped = false): string {
  const figure = capped ? `${SEARCH_RESULT_LIMIT}+` : formatNumber(count);
  return `${figure} ${count === 1 && !capped ? singular : plural}`;
}
