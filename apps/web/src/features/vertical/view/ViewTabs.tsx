// The RESULTS / REJECTED tab strip of Vertical View.
import { TabMenu } from 'primereact/tabmenu';
import { VERTICAL_TABS } from '@hc/shared/constants';
import { VIEW_TAB_LABELS } from './viewTabs.ts';
import type { ViewTab } from './viewTabs.ts';

const TABS: ViewTab[] = [VERTICAL_TABS.results, VERTICAL_TABS.rejected];

export function ViewTabs({ tab, onChange }: { tab: ViewTab; onChange: (tab: ViewTab) => void }) {
  return (
    // The tabs are tabs (role=tab): their list is a tablist, not PrimeReact's menubar.
    <TabMenu
      className="hc-vertical-tabs"
      pt={{ menu: { role: 'tablist' } }}
      activeIndex={tab}
      onTabChange={(e) => onChange(TABS[e.index] ?? VERTICAL_TABS.results)}
      model={TABS.map((t) => ({
        label: VIEW_TAB_LABELS[t],
        template: (item, options) => (
          <a
            href="#"
            role="tab"
            aria-selected={t === tab}
            className={options.className}
            onClick={(e) => {
              e.preventDefault();
              options.onClick(e);
            }}
            data-testid={`vertical-tab-${VIEW_TAB_LABELS[t].toLowerCase()}`}
          >
            <span className={options.labelClassName}>{item.label}</span>
          </a>
        ),
      }))}
    />
  );
}
