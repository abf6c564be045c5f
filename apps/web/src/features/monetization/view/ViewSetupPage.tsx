// View existing setup (/admin/monetization/setup/view-existing-setup): up to 20 publishers,
// Video and Display tabs with paged tables; a placement with an A/B test expands into its variants. The
// loaded publishers, the tab and each tab's page live in the address, so a reload or a shared link shows
// the same setups.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows, type DataTableValueArray } from 'primereact/datatable';
import { TabPanel, TabView } from 'primereact/tabview';
import type { DisplayConfigRow, VideoConfigRow } from '@hc/shared/api/monetization';
import { PUBLISHER_MULTISELECT_MAX, TABLE_PAGE_SIZE_OPTIONS } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { StatePanel } from '../../../components/StatePanel.tsx';
import { usePersistentPageSize } from '../../../components/usePersistentPageSize.ts';
import { choiceField, intField, intListField, useListUrlState } from '../../../lib/list-page/urlState.ts';
import { useAllConfigs } from '../api/get-all-configs.ts';
import { PublishersField } from '../components/PublishersField.tsx';
import { PUBLISHER_DEFAULT_LABEL, SETUP_HOME_PATH } from '../setup/actions.ts';
import {
  abTestLabel,
  adFlowLabel,
  adManagerLabel,
  bySetupScope,
  cell,
  msAsSeconds,
  weightPercent,
  yesNo,
} from './columns.ts';
import { ListHeader } from '../../../lib/list-page/ListHeader.tsx';
import '../../../components/data-page.css';
import '../monetization.css';

const TABS = ['video', 'display'] as const;
type Tab = (typeof TABS)[number];
/** Deeper than these tables can page (20 publishers' rows). */
const MAX_PAGE = 10_000;
const URL_FIELDS = {
  publishers: intListField(),
  tab: choiceField(TABS, 'video'),
  video_page: intField(1, MAX_PAGE, 1),
  display_page: intField(1, MAX_PAGE, 1),
};

const placementName = (row: { placementName: string | null }) => row.placementName ?? PUBLISHER_DEFAULT_LABEL;

export function ViewSetupPage() {
  const navigate = useNavigate();
  const { values, set } = useListUrlState(URL_FIELDS);
  // An edited link may list more publishers than the screen loads at once: the first ones are kept.
  const loaded = values.publishers.slice(0, PUBLISHER_MULTISELECT_MAX);
  // The select holds the user's choice until Load; it starts as (and follows) the loaded publishers.
  const [chosen, setChosen] = useState<number[]>(loaded);
  const loadedKey = loaded.join(',');
  const [seen, setSeen] = useState(loadedKey);
  if (seen !== loadedKey) {
    setSeen(loadedKey);
    setChosen(loaded);
  }
  const [expanded, setExpanded] = useState<DataTableExpandedRows | DataTableValueArray | undefined>(
    undefined,
  );
  const [per, setPer] = usePersistentPageSize('monetization-view');
  const configs = useAllConfigs(loaded);

  const video = configs.data ? [...configs.data.publisher, ...configs.data.placement].sort(bySetupScope) : [];
  const display = configs.data
    ? [...configs.data.display, ...configs.data.displayPlacement].sort(bySetupScope)
    : [];
  // Client-side paging (at most 20 publishers' rows); the page size is remembered, the page is per tab.
  // A page past the end (fewer rows than when the link was made) shows the last one.
  const rowsOf = { video: video.length, display: display.length };
  const pageOf = (tab: Tab) =>
    Math.min(values[`${tab}_page`] ?? 1, Math.max(1, Math.ceil(rowsOf[tab] / per)));
  const paging = (tab: Tab) => ({
    paginator: true,
    rows: per,
    first: (pageOf(tab) - 1) * per,
    rowsPerPageOptions: [...TABLE_PAGE_SIZE_OPTIONS],
    onPage: (e: { rows: number; first: number }) => {
      if (e.rows !== per) setPer(e.rows);
      set({ [`${tab}_page`]: e.rows !== per ? 1 : Math.floor(e.first / e.rows) + 1 });
    },
    paginatorTemplate: 'RowsPerPageDropdown CurrentPageReport PrevPageLink PageLinks NextPageLink',
    currentPageReportTemplate: '{first}–{last} of {totalRecords}',
    emptyMessage: <div className="hc-empty">{messages.noResults}</div>,
    loading: configs.isFetching,
    tableClassName: 'hc-table hc-mon-table',
  });

  return (
    <div className="hc-data-page hc-mon" data-testid="monetization-view">
      <ListHeader
        title="View Existing Setup"
        subtitle={`Video and display setups of up to ${PUBLISHER_MULTISELECT_MAX} publishers.`}
        count={configs.data && `${video.length} video · ${display.length} display`}
        countTestId="view-count"
      />

      <div className="hc-card hc-toolbar">
        <PublishersField id="view-publishers" value={chosen} onChange={setChosen} />
        <div className="hc-toolbar__actions">
          <Button label="Cancel" text onClick={() => void navigate(SETUP_HOME_PATH)} />
          <Button
            label="Load"
            disabled={chosen.length === 0}
            onClick={() =>
              set({ publishers: [...chosen].sort((a, b) => a - b), video_page: 1, display_page: 1 })
            }
            data-testid="view-load"
          />
        </div>
      </div>

      {configs.isError ? (
        <StatePanel kind="error" message={messages.networkError} onRetry={() => void configs.refetch()} />
      ) : loaded.length === 0 ? (
        <StatePanel
          kind="empty"
          message="Choose publishers and Load to see their setups."
          testId="view-empty"
        />
      ) : (
        <div className="hc-card hc-table-card">
          <TabView
            activeIndex={TABS.indexOf(values.tab)}
            onTabChange={(e) => set({ tab: TABS[e.index] ?? 'video' })}
          >
            <TabPanel header="Video" pt={{ headerAction: { 'data-testid': 'view-tab-video' } as object }}>
              <DataTable
                value={video}
                dataKey="id"
                {...paging('video')}
                expandedRows={expanded}
                onRowToggle={(e) => setExpanded(e.data)}
                rowExpansionTemplate={(row: VideoConfigRow) => (
                  <div className="hc-mon-ab" data-testid={`ab-variants-${row.id}`}>
                    <DataTable value={row.abTest?.variants ?? []} tableClassName="hc-table" size="small">
                      <Column header="Weight" body={(v: { weight: number }) => weightPercent(v.weight)} />
                      <Column header="Name" field="name" />
                    </DataTable>
                  </div>
                )}
                pt={{ bodyRow: { 'data-testid': 'view-video-row' } as object }}
              >
                <Column expander={(row: VideoConfigRow) => row.abTest !== null} style={{ width: '3rem' }} />
                <Column header="Publisher" field="publisherName" />
                <Column header="Placement Name" body={placementName} />
                <Column header="A/B Test" body={(r: VideoConfigRow) => abTestLabel(r.abTest)} />
                <Column header="Video Ad Manager" body={(r: VideoConfigRow) => adManagerLabel(r.adManager)} />
                <Column
                  header="Channel ID"
                  body={(r: VideoConfigRow) => <span className="hc-mono">{r.channel}</span>}
                />
                <Column
                  header="Ad Flow"
                  body={(r: VideoConfigRow) => <span className="hc-nowrap">{adFlowLabel(r)}</span>}
                />
                <Column header="Aniview Preload" body={(r: VideoConfigRow) => yesNo(r.aniviewPreload)} />
                <Column header="Aniview Autoplay" body={(r: VideoConfigRow) => yesNo(r.aniviewAutoplay)} />
                <Column header="Midroll Time" body={(r: VideoConfigRow) => cell(r.midrollTime)} />
                <Column header="Midroll Delay" body={(r: VideoConfigRow) => cell(r.midrollDelay)} />
                <Column header="Max Impressions" body={(r: VideoConfigRow) => cell(r.maxImpressions)} />
                <Column header="Start Midroll" body={(r: VideoConfigRow) => cell(r.startMidroll)} />
                <Column header="VAST Retry" body={(r: VideoConfigRow) => cell(r.vastRetry)} />
                <Column header="Error Limit" body={(r: VideoConfigRow) => cell(r.errorLimit)} />
                <Column header="TV Viewport" body={(r: VideoConfigRow) => cell(r.viewportProduct)} />
                <Column header="Ad Viewport" body={(r: VideoConfigRow) => cell(r.viewportAd)} />
              </DataTable>
            </TabPanel>
            <TabPanel header="Display" pt={{ headerAction: { 'data-testid': 'view-tab-display' } as object }}>
              <DataTable
                value={display}
                dataKey="id"
                {...paging('display')}
                pt={{ bodyRow: { 'data-testid': 'view-display-row' } as object }}
              >
                <Column header="Publisher" field="publisherName" />
                <Column header="Placement Name" body={placementName} />
                <Column header="Platform" field="displayAdOptions" />
                <Column header="Fallback Enable" body={(r: DisplayConfigRow) => yesNo(r.fallbackEnable)} />
                <Column
                  header="Pubmatic Url"
                  body={(r: DisplayConfigRow) => <span className="hc-mono">{cell(r.pubmaticUrl)}</span>}
                />
                <Column
                  header="Display Ad Duration"
                  body={(r: DisplayConfigRow) => msAsSeconds(r.displayAdDuration)}
                />
                <Column header="Display Ad Timer" body={(r: DisplayConfigRow) => yesNo(r.displayAdTimer)} />
                <Column header="Skip Enabled" body={(r: DisplayConfigRow) => yesNo(r.skipEnabled)} />
                <Column header="Skip Delay" body={(r: DisplayConfigRow) => msAsSeconds(r.skipDelay)} />
                <Column
                  header="Ad Unit Path"
                  body={(r: DisplayConfigRow) => <span className="hc-mono">{cell(r.adUnitPath)}</span>}
                />
                <Column header="Ad Viewport Pause" body={(r: DisplayConfigRow) => cell(r.viewportPause)} />
                <Column header="Supported sizes" body={(r: DisplayConfigRow) => cell(r.supportedSizes)} />
              </DataTable>
            </TabPanel>
          </TabView>
        </div>
      )}
    </div>
  );
}
