// Presentation only: the PrimeIcons class of each menu item, by route id.
const ICONS: Readonly<Record<string, string>> = {
  highlights: 'pi pi-video',
  highlightsWeb: 'pi pi-globe',
  liveStream: 'pi pi-desktop',
  liveVerticalView: 'pi pi-mobile',
  liveVerticalReview: 'pi pi-check-square',
  postOnGoogle: 'pi pi-send',
  packages: 'pi pi-th-large',
  stamp: 'pi pi-images',
  syndication: 'pi pi-share-alt',
  review: 'pi pi-eye',
  vertical: 'pi pi-tablet',
  verticalView: 'pi pi-play',
  verticalReview: 'pi pi-pencil',
  admin: 'pi pi-cog',
  monetizationSetup: 'pi pi-dollar',
  monetizationAudit: 'pi pi-history',
  adConfig: 'pi pi-table',
  reports: 'pi pi-chart-bar',
  publishers: 'pi pi-building',
  docs: 'pi pi-book',
  terms: 'pi pi-file',
  help: 'pi pi-question-circle',
};

export const iconFor = (id: string): string => ICONS[id] ?? 'pi pi-angle-right';
