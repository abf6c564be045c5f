// Business constants and limits of the three specification documents (the "business constants" sections).

export const CONSOLE_VERSION = '2.1.24';
export const SUPPORT_EMAIL = 'support@highlights-console.example';

// Tables and lists
export const TABLE_PAGE_SIZE_DEFAULT = 10;
export const TABLE_PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const LIST_PAGE_SIZE = 25;
export const HIGHLIGHTS_PAGE_SIZE = 25;
/** Above this many results a search asks to be refined ('1000+'); counts are capped just above it. */
export const SEARCH_RESULT_LIMIT = 1000;
export const MAX_PER_PAGE = 100;
/**
 * The most rows one CSV export of a list holds (docs/exports.md). A list past it is refused with
 * exportTooLarge, so a file never silently stops short.
 */
export const EXPORT_ROW_CAP = 10_000;

/** Date filter options in days. The short list, and the long list adding 1 and 3 years. */
export const DATE_FILTER_OPTIONS = [
  { days: 1, label: '24 Hours' },
  { days: 3, label: '72 Hours' },
  { days: 7, label: '1 Week' },
  { days: 31, label: '1 Month' },
  { days: 183, label: '6 Months' },
] as const;
export const DATE_FILTER_OPTIONS_LONG = [
  ...DATE_FILTER_OPTIONS,
  { days: 365, label: '1 Year' },
  { days: 1095, label: '3 Years' },
] as const;
/** The package editor's default date filter: the sixth option of its (long) list. */
export const PACKAGE_EDITOR_DEFAULT_DATE_DAYS = DATE_FILTER_OPTIONS_LONG[5].days;

export const HIGHLIGHT_SORT = { date: 'date_desc', relevance: 'desc' } as const;
export const MP4_SUFFIX = '.mp4';
export const GIF_SUFFIX = '.gif';

// Timing (ms)
export const TOAST_LIFE_MS = 7000;
export const TOAST_LIFE_STORY_EDITOR_MS = 6500;
export const TOAST_LIFE_ADMIN_MS = 6500;
export const DOWNLOAD_BUSY_MS = 300;
export const HOVER_PLAY_PLACEHOLDER_MS = 1000;
export const STORY_PREVIEW_AUTOPLAY_MS = 2500;
export const KEYFRAME_SAVE_DEBOUNCE_MS = 1000;

// Packages
export const PACKAGE_MIN_HIGHLIGHTS = 3;
export const PACKAGE_MAX_HIGHLIGHTS = 5;
export const PACKAGE_DEFAULT_MAX_ADS = 100;
export const PACKAGE_DEFAULT_TYPE = 'user';
export const PACKAGE_ID_MAX_LENGTH = 9;
export const ALIAS_MAX_LENGTH = 30;
export const PACKAGE_STATUSES = ['Active', 'Draft', 'Archive', 'Rejected'] as const;
/** The package editor's category filter default, sent as null. */
export const CATEGORY_FILTER_DEFAULT_LABEL = 'Tags';

// Pending counts and look-back
export const LOOK_BACK_DAYS = 120;
export const PENDING_COUNT_QUERY = { page: 1, per: 1, from: LOOK_BACK_DAYS, status: 'review' } as const;
export const SETTINGS_FETCH_LIMIT = 1000;
export const PROGRAMS_FETCH_PAGE_SIZE = 1000;

// Stories
export const STORY_PREVIEW_FRAME = { width: 414, height: 736 } as const;
export const IMAGE_PAGE_DURATION = { min: 4, max: 15, default: 15 } as const;
export const VIDEO_PAGE_DEFAULT_DURATION = 6;
export const VIDEO_UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  minSeconds: 4,
  maxSeconds: 30,
  minWidth: 720,
  minHeight: 480,
  maxWidth: 1920,
  maxHeight: 1080,
} as const;
export const STORY_HIGHLIGHTS_DOWNLOAD_USER_PATTERN = /^406\d{2}$/;

// Auto highlight review and vertical tool
export const DEFAULT_ALGO_SUGGESTIONS = 2;
export const REVIEW_TITLE_MAX = 40;
export const VERTICAL_SELECTED_TIME = { minSeconds: 5, maxSeconds: 12 } as const;
export const NEW_OBJECT_RECT_SIZE = 100;
export const VERTICAL_TABS = { results: 0, rejected: 1 } as const;
export const SUGGESTION_SOURCE = { manual: 2, timedOut: 4 } as const;
export const VERTICAL_TASK_STATUSES = ['review', 'ready', 'rejected'] as const;
export const VERTICAL_CONTENT_TYPES = ['highlight', 'full_video'] as const;
export const VERTICAL_BAD_QUALITY_REASONS = [
  "Vertical didn't pick object of segment",
  'Bad framing',
  'Object frame moved back and forth rapidly',
  'Algo added too many extra object frames',
  "Object frame couldn't find what to focus on in shot",
  'Algo used key frames instead of split scene, therefore everything in the middle was out of frame',
  'Frame is moving but no keyframes are marked on the timeline',
  'No capacity for marking a reason',
] as const;
export const REVIEW_APV_REASONS = [
  "content doesn't match title",
  'not interesting',
  'bad cut',
  'graphics',
  'static images',
  'other',
] as const;
export const REVIEW_TV_REASONS = ['too much text on screen', 'other'] as const;
export const EDIT_LOG_ACTIONS = [
  'CREATE_KEYFRAME',
  'DELETE_KEYFRAME',
  'MOVE_KEYFRAME',
  'MODIFY_KEYFRAME',
  'CREATE_OBJECT',
  'DELETE_OBJECT',
  'GROUP_SPLIT',
  'UNDO',
  'RESET',
  // The console's own: an object's box resized (old and new 'width,height').
  'RESIZE_OBJECT',
] as const;

/**
 * What a browser may write to the audit log through POST audit_log/create: the frame editor's edit log is
 * the only entry the console sends, so its object type and actions are the whole list. Everything else in
 * the audit log is written by the server itself.
 */
export const CLIENT_AUDIT_OBJECT_TYPES = ['vertical_video'] as const;
export const CLIENT_AUDIT_ACTIONS = EDIT_LOG_ACTIONS;
/** An entry's payload, serialized as JSON (UTF-8 bytes). An honest edit-log entry is ~200 bytes. */
export const CLIENT_AUDIT_PAYLOAD_MAX_BYTES = 4096;
/** The request body of audit_log/create: past this it is refused before it is parsed. */
export const CLIENT_AUDIT_BODY_MAX_BYTES = 16_384;
/**
 * Client audit entries per user: `perMinute` in each minute of the count, plus a reserve of `burstExtra`
 * more refilled every `burstWindowSeconds` (a quick run of frame edits may send 60 at once).
 */
export const CLIENT_AUDIT_RATE = { perMinute: 30, burstExtra: 30, burstWindowSeconds: 600 } as const;
/**
 * Open live-channel (socket.io) connections per session and per user, across every server process: a tab
 * holds one, so these leave room for many tabs and devices while keeping one client from holding
 * thousands of sockets (each costs memory, a Redis-adapter share and a session re-check every 15 s).
 */
export const LIVE_SOCKETS_PER_SESSION = 8;
export const LIVE_SOCKETS_PER_USER = 20;
/** Who wrote an audit_log row: the server for its own actions, or a browser through audit_log/create. */
export const AUDIT_SOURCES = ['client', 'server'] as const;

// Monetization, grid, admin
export const PUBLISHER_MULTISELECT_MAX = 20;
export const AUDIT_LOOK_BACK_DAYS = 120;
export const GRID_PAGE_SIZE_DEFAULT = 10;
export const VIDEO_AD_DEFAULTS = {
  midrollTime: 3,
  maxImpressions: 5,
  startMidroll: 7,
  vastRetry: 2,
  errorLimit: 10,
  skipTimer: 5,
  adSequence: '2',
  aniviewPreloadAdPlayingWindow: 6.5,
  viewportProduct: 1,
  viewportAd: 30,
  adManager: 'aniview',
} as const;
export const DISPLAY_AD_DEFAULTS = {
  durationMs: 10_000,
  skipDelay: 0,
  sizes: [
    [300, 250],
    [320, 50],
    [250, 250],
  ],
  manager: 'pubmatic',
} as const;
export const DISPLAY_ALLOWED_SIZES = [
  [300, 250],
  [320, 50],
  [250, 250],
  [200, 200],
  [336, 280],
  [300, 600],
] as const;

// Terms
export const TERMS = {
  paymentDueDaysAfterMonthEnd: 10,
  initialTermYears: 1,
  renewalMonths: 6,
  nonRenewalNoticeDays: 15,
  terminationNoticeDays: 30,
} as const;

// Roles
export const ROLES = [
  'admin',
  'isLoggedIn',
  'editorial_manager',
  'stamp_manager',
  'switch_publisher',
  'syndication_publisher',
  'live_stream_publisher',
  'apv_article_admin',
  'create_new_video_page',
] as const;
export type Role = (typeof ROLES)[number];
/** Roles that can be granted per publisher (admin is a global flag; isLoggedIn is implied). */
export const GRANTABLE_ROLES = ROLES.filter((r) => r !== 'admin' && r !== 'isLoggedIn');
