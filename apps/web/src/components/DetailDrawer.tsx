// The right-hand detail drawer every list screen opens from a row, with an optional inline-editable title, and the
// labelled-field grid the drawers use for their details.
import type { ReactNode } from 'react';
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
      className="hc-drawer"
      blockScroll
    >
      <div className="hc-drawer__content" data-testid={testId}>
        {children}
      </div>
    </Sidebar>
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
