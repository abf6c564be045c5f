// The right-hand detail drawer every list screen opens from a row, with an optional inline-editable title, and
// the parts every drawer is built of: the line under the title (a status tag, then what and which it is),
// the action bar (switches on the left, buttons on the right) and the labelled-field grid of details.
import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { InlineEditableTitle } from './InlineEditableTitle.tsx';
import './components.css';

export interface DetailDrawerProps {
  visible: boolean;
  onHide: () => void;
  title: string;
  /** When given, the title is editable inline (Enter/blur submit a non-empty trimmed value, Esc cancels). */
  onTitleSubmit?: (title: string) => void;
  /** A line under the title (ids, status tag...). */
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** A class of the screen's own, for a drawer laid out differently (wider, a footer). */
  className?: string;
}

/** A right-hand Sidebar with a title header and scrollable content. */
export function DetailDrawer({
  visible,
  onHide,
  title,
  onTitleSubmit,
  subtitle,
  children,
  testId = 'detail-drawer',
  className,
}: DetailDrawerProps) {
  const header = (
    <div className="hc-drawer__header">
      {onTitleSubmit ? (
        <InlineEditableTitle value={title} onSubmit={onTitleSubmit} testId={`${testId}-title`} />
      ) : (
        <h2 className="hc-drawer__title" data-testid={`${testId}-title`}>
          {title}
        </h2>
      )}
      {subtitle && <div className="hc-drawer__subtitle">{subtitle}</div>}
    </div>
  );
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      header={header}
      className={className ? `hc-drawer ${className}` : 'hc-drawer'}
      blockScroll
    >
      <div className="hc-drawer__content" data-testid={testId}>
        {children}
      </div>
    </Sidebar>
  );
}

/**
 * The line under a drawer's title: an optional status tag, then the parts (falsy ones left out) with a
 * dot between them, e.g. "Package 12 · sports".
 */
export function DrawerSubtitle({ tag, parts }: { tag?: ReactNode; parts: ReactNode[] }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== false && part !== '');
  return (
    <>
      {tag}
      <span>
        {shown.map((part, i) => (
          <span key={i} className={i > 0 ? 'hc-dot-sep' : undefined}>
            {part}
          </span>
        ))}
      </span>
    </>
  );
}

/** A switch with its label, as the action bar lists them. */
export function DrawerToggle({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label className="hc-drawer-toggle" htmlFor={htmlFor}>
      {children}
    </label>
  );
}

/** One button of the action bar; every one is small, the look says how much it weighs. */
export interface DrawerAction {
  label: string;
  icon: string;
  onClick: () => void;
  testId: string;
  /** primary: the main thing to do; outlined (the default): the others; danger: a removal. */
  look?: 'primary' | 'outlined' | 'danger';
}

/**
 * The bar of what can be done to the drawer's subject: its switches first, then its buttons, then any
 * control of the screen's own (a download with its own progress).
 */
export function DrawerActionBar({
  toggles,
  actions,
  extra,
  testId,
}: {
  toggles?: ReactNode;
  actions?: DrawerAction[];
  extra?: ReactNode;
  testId?: string;
}) {
  const hasButtons = (actions && actions.length > 0) || extra;
  return (
    <div className="hc-drawer-actions" data-testid={testId}>
      {toggles && <div className="hc-drawer-actions__toggles">{toggles}</div>}
      {hasButtons && (
        <div className="hc-drawer-actions__buttons">
          {actions?.map(({ label, icon, onClick, testId: buttonTestId, look = 'outlined' }) => (
            <Button
              key={label}
              type="button"
              label={label}
              icon={icon}
              size="small"
              outlined={look === 'outlined'}
              severity={look === 'danger' ? 'danger' : undefined}
              text={look === 'danger'}
              onClick={onClick}
              data-testid={buttonTestId}
            />
          ))}
          {extra}
        </div>
      )}
    </div>
  );
}

export interface DetailItem {
  label: string;
  value: ReactNode;
  testId?: string;
  /** Span both grid columns (long URLs, panels). */
  wide?: boolean;
}

/** A definition list laid out as a two-column grid of label and value. */
export function DetailList({ items, title }: { items: DetailItem[]; title?: string }) {
  return (
    <section className="hc-detail-section">
      {title && <h3 className="hc-detail-section__title">{title}</h3>}
      <dl className="hc-detail-list">
        {items.map((item) => (
          <div
            key={item.label}
            className={item.wide ? 'hc-detail-list__row hc-detail-list__row--wide' : 'hc-detail-list__row'}
          >
            <dt>{item.label}</dt>
            <dd data-testid={item.testId}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
