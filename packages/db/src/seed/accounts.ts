// The demo accounts (docs/TEAM-CONTRACTS.md): the server prints them on a fresh start, tests log in with them.

export const DEMO_PASSWORD = 'highlights-demo';

export interface DemoAccount {
  email: string;
  /** Publishers the user may act for; the first is the one a fresh login acts for. */
  publisherIds: number[];
  /** Roles held for each of those publishers. */
  roles: string[];
  isAdmin: boolean;
  userIdentifier: string | null;
}

export const DEMO_PUBLISHER_IDS = [406, 407, 512] as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@demo.example',
    publisherIds: [406, 407, 512],
    roles: [],
    isAdmin: true,
    userIdentifier: null,
  },
  {
    email: 'editor@demo.example',
    publisherIds: [406],
    roles: ['editorial_manager'],
    isAdmin: false,
    userIdentifier: null,
  },
  {
    email: 'stories@demo.example',
    publisherIds: [406],
    roles: ['stamp_manager', 'create_new_video_page'],
    isAdmin: false,
    userIdentifier: '40612',
  },
  {
    email: 'reviewer@demo.example',
    publisherIds: [406, 407],
    roles: ['switch_publisher'],
    isAdmin: false,
    userIdentifier: null,
  },
  {
    email: 'reviewer2@demo.example',
    publisherIds: [406],
    roles: ['switch_publisher'],
    isAdmin: false,
    userIdentifier: null,
  },
  {
    email: 'syndication@demo.example',
    publisherIds: [406],
    roles: ['syndication_publisher'],
    isAdmin: false,
    userIdentifier: null,
  },
  {
    email: 'live@demo.example',
    publisherIds: [406],
    roles: ['live_stream_publisher'],
    isAdmin: false,
    userIdentifier: null,
  },
  {
    email: 'apvadmin@demo.example',
    publisherIds: [406],
    roles: ['apv_article_admin'],
    isAdmin: false,
    userIdentifier: null,
  },
  { email: 'viewer@demo.example', publisherIds: [406], roles: [], isAdmin: false, userIdentifier: null },
  {
    email: 'coastal@demo.example',
    publisherIds: [512],
    roles: ['editorial_manager'],
    isAdmin: false,
    userIdentifier: null,
  },
];
