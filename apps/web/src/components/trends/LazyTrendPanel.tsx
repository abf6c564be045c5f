// The trend section for a drawer, loaded when a drawer first shows it: its code (the trend calls' module,
// its schemas and their validation library) is not part of the list screens that open the drawers.
import { Suspense, type ComponentProps } from 'react';
import { Skeleton } from 'primereact/skeleton';
import { lazyPart } from '../../lib/lazyPart.ts';

const TrendPanel = lazyPart(() => import('./TrendPanel.tsx').then((m) => ({ default: m.TrendPanel })));

/** TrendPanel, with its own loading look (the title over the chart's skeleton) while its code arrives. */
export function LazyTrendPanel(props: ComponentProps<typeof TrendPanel>) {
  const fallback = (
    <section className="hc-detail-section hc-trend" data-testid={`${props.testId}-code-loading`}>
      <h3 className="hc-detail-section__title">{props.title ?? 'Trend'}</h3>
      <Skeleton height="12rem" />
    </section>
  );
  return (
    <Suspense fallback={fallback}>
      <TrendPanel {...props} />
    </Suspense>
  );
}
