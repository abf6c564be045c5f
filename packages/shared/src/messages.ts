// The message catalogue: every user-visible string of the spec's error catalogues, spelled exactly.
// Templates take their values through the helpers below so the wording stays in one place.

export const messages = {
  // Shared helpers and the first screens
  somethingWentWrong: 'Something went wrong',
  // The console's own crop suggestion (its reframing engine)
  suggestCrop: 'Suggest crop',
  consoleSuggestionLabel: 'Console Suggestion',
  suggestCropSpanPair: 'Give both start_frame and end_frame, or neither.',
  suggestCropSpanOrder: 'end_frame must not be before start_frame.',
  errorFetchingPublishers: 'Error fetching publishers. Please try again later.',
  failedToLoadPackages: 'Failed to load packages. Please try again later.',
  exportTooLarge:
    'This list has more than 10,000 rows, more than one export holds. Narrow the filters and export again.',
  packageSaved: 'Package was successfully saved',
  linkCopied: 'Link copied.',
  embedCodeCopied: 'Embed code successfully copied to clipboard',
  networkError: 'Network error. Please try again later.',
  loginFailed: 'Login Failed',
  authenticationFailed: 'Authentication failed.',
  sessionExpired:
    'Looks like your session done, we will redirect you to login page. Login again for new session.',
  searchTooBroad: 'Your search resulted in 1000+ items. Please refine your search request',
  renderError: "Something went wrong. We're looking to see what happened.",
  noResults: 'No results found, please refine your search.',
  editorNotOnMobile: 'Editor is not supported on mobile devices',

  // Packages
  selectAtLeast3Apvs: 'Please select at least 3 APVs!',
  clickPreviewToSee: 'To see the component, click PREVIEW button',
  clickToReload: 'Click to Reload',
  packageNameInvalid: 'Please enter a valid package name',
  packageNameRequired: 'package name is required',
  packageTooFewVideos: 'Please add at least 3 videos in order to save the package',
  packageTooManyVideos: 'A package cannot contain more than 5 videos.',
  invalidEmbedName: 'Invalid Embed Name',
  aliasFormat: "Alias format must be: 'my-unique-alias' and must start with a letter (remaining chars)",
  discardSuggestionConfirm: 'Are you sure you want to discard this suggestion?',
  highlightRemovedTitle: 'Highlight removed',

  // Stories, review, vertical
  unableToPerformRequest: 'Unable to perform request.',
  storyPageCreated: 'Story page created successfully.',
  storyPageUpdated: 'Story page updated successfully.',
  storyPageDeleted: 'Story page deleted successfully.',
  storyPublishFailed: 'Sorry, Unable to publish story.',
  storyPublished: 'Story published successfully.',
  fileSubmitted: 'file submitted successfully',
  storyCreated: 'Successfully created story',
  storyCreateFailed: 'Unable to create a story',
  storyNotPublished: 'This story is not published!',
  feedbackSubmitted: 'Thanks, Feedback has been submitted.',
  feedbackFailed: 'Encountered error while submitting.',
  configurationFailed: 'Failed to load configuration. Please try again later.',
  userInfoFailed: 'Something went wrong while retrieving the data. Please try again later.',
  verticalRejected: 'Vertical will not be created and the source video will be marked as rejected',
  verticalFeedbackRequired:
    'Please provide feedback for at least one suggestion before taking further action',
  verticalErrorTitle: 'Error',
  verticalModifyNotice: 'You will be redirected to a manual editing screen',
  areYouSure: 'Are you sure?',
  selectedTimeTooShort: 'Selected time is shorter than 5 seconds',
  selectedTimeTooLong: 'Selected time is longer than 12 seconds',
  programSearchEmpty: 'Please fill out search field',
  imageFileRequired: 'Image file must be selected',
  videoFileRequired: 'Video file must be selected!',
  videoTooBig: 'Video file size is too big. Max file size is 10 MB.',
  videoNotMp4: 'Video format is not supported. Please upload a video in MP4 format.',
  videoVertical: 'Vertical video is not supported. Please upload a video in horizontal format.',
  videoResolutionTooHigh: 'Video resolution is too high. Max video resolution is 1080p.',
  videoResolutionTooLow: 'Video resolution is too low. Min video resolution support is 720p.',
  videoTooLong: 'Video is too long. Max video duration is 30 seconds.',
  videoTooShort: 'Video is too short. Min 4 seconds',
  posterUrlInvalid: 'Poster URL is not valid.',
  posterUrlFormat: 'Poster URL image format is not correct. Valid image formats: JPEG, JPG, GIF, PNG',
  posterUrlUnreachable: 'Poster URL image has an error or does not exist.',
  posterChecking: 'Checking the poster…',
  posterChecked: 'Poster checked: the image loads.',
  posterCheckUnavailable: 'The poster could not be checked now. It is checked again on Publish.',
  newerVersionPublishButton: 'No, publish',
  newerVersionReviewButton: 'Review changes',
  discardYes: 'Yes, discard',
  // The state of a story edited since its last publish: the public story is still the published one.
  storyPublishedWithChanges: 'Published, changes not yet published',
  storyPublishedWithChangesHint:
    'The public story still shows the last publish. Publish the story to make these changes public.',
  storyVideoTitleMismatch:
    'A video page has one title: send it as metadata.title or as title, not two different values.',
  storyCoverPageOnly:
    'Cover pages are made by the system: a cover page can be renamed, but not created, nor turned into an image or video page (or back).',

  // Monetization, grid, reports, publishers
  setupSaveFailedTitle: 'Something went wrong',
  abTestWarning: 'An A/B test is configured for this placement',
  abTestWarningTitle: 'Before you continue',
  abTestBlocked: 'Monetization a/b test is configured for this placement. Please edit it via RailsAdmin',
  abTestBlockedTitle: 'You cannot proceed',
  setupSaved: 'Setup saved successfully!',
  setupSavedHint: 'Please review your changes in the view page',
  setupCancelWarning: 'Any unsaved data will be lost and you will be redirected to the main setup page',
  missingInputs: 'missing inputs',
  mandatoryFieldsMissing: 'Mandatory fields are missing!',
  configurationsSubmitted: 'Configurations has been submitted successfully',
  eachFieldRequired: 'Each field is required!',
  publisherIdInvalid: 'Publisher Id is not valid',
  publisherExists: 'This publisher already exists!',
  publisherCreateFailed: 'Unable to create new publisher.',
  publisherCreated: 'New publisher successfully created.',
  requestNotSuccessful: 'Request was not successful!',
  splashSaved: 'Splash image saved successfully',
  splashRequired: 'Please select splash image !',

  // Server-side messages the spec does not word (kept here so browser and server agree).
  sessionRequired: 'You are not logged in or your session has expired.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  tooManyLoginAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  invalidRequest: 'The request is not valid.',
  apvSwitchNeedsRole: 'Only APV article admins can switch highlights on live pages.',
  noPublisherYet:
    'Your password is right, but your account has no publisher yet. Ask an administrator of the console to give you access to one.',
  pathPartTooLong: 'A part of the address is too long: ids and names in a path are at most 100 characters.',
  numberOutOfRange: 'A number in the request is out of range.',
  textNotValid: 'A text in the request contains characters that cannot be stored (such as a NUL byte).',
  pathNotText: 'The address is not valid: a part of its path is not text (invalid UTF-8).',
  packageStale: 'This package was changed by someone else. Reload it to see the latest version.',
  // Proxy mode (EDITOR_API_UPSTREAM): the upstream editor API did not answer properly.
  editorApiTimeout: 'The editor API did not answer in time. Please try again.',
  editorApiUnreachable: 'The editor API cannot be reached. Please try again later.',
  editorApiFailed: 'The editor API could not handle this request. Please try again later.',
  // Redis (the job queue) did not answer in time: nothing was started (D-entry "job queue unavailable").
  jobQueueUnavailable: 'Background jobs are unavailable right now. Please try again in a minute.',
  // Redis (the login throttle) did not answer in time: the login is refused, not let through (a throttle that
  // cannot count refuses).
  signInUnavailable: 'Signing in is unavailable right now. Please try again in a minute.',
  // The ingest API: what the highlight pipeline is told (docs/ingest.md).
  ingestTokenRequired: 'A valid service token is required: send Authorization: Bearer <token>.',
  ingestExternalId:
    'must be 1 to 128 letters, digits, ".", "_", ":" or "-", starting with a letter or a digit',
  ingestMediaRemote:
    'must be a media-store path such as demo/clip-01.mp4 (or its /media/ URL): the console serves, embeds and renders media from its store and never fetches remote files',
  ingestMediaPath: 'must be a relative media-store path without "..", "//" or a leading "/"',
  // Uploads inspected before anything decodes them (docs/decisions/media-header-inspection.md).
  imageTooManyPixels: 'Image resolution is too high. Max image size is 40 megapixels.',
  uploadTypeMismatch:
    'The file does not match its type: its content is a different format than the one it was sent as.',
  uploadInspectionTimedOut: 'The file took too long to inspect. Please upload a smaller or simpler file.',
  uploadsInFlight: 'You already have uploads in progress. Wait for them to finish, then try again.',
  uploadsBusy: 'The server is busy inspecting other uploads. Please try again in a minute.',
  // Co-editing refusals the editor shows when the server closes its live connection.
  collabPackageTooLarge:
    'This package is too large to edit together. Your last change was not shared: reload to see the saved package.',
  collabStoryTooLarge:
    'This story is too large to edit together. Your last change was not shared: reload to see the saved story.',
  collabTooFast:
    'Your editor sent too many changes at once and was disconnected. Reload the page to go on editing together.',
  // audit_log/create refused because Redis (which counts its rate) did not answer in time.
  auditUnavailable: 'The edit log is unavailable right now. Please try again in a minute.',
  // GET /metrics without METRICS_TOKEN and without demo data: only this machine may read it.
  metricsLoopbackOnly:
    'Metrics are served only to this machine. Set METRICS_TOKEN to let a scraper elsewhere read them with Authorization: Bearer <token>.',
  // The live channel refused a socket: this session or this user already has the most open.
  liveTooManySessionSockets:
    'Too many live connections from this session: close some of the console tabs and reload this one.',
  liveTooManyUserSockets:
    'Too many live connections for your account: close console tabs or sign out on other devices, then reload this one.',
  // Calendar-date filters (the audit log): each follows the name of the field at fault.
  calendarDateInvalid: 'must be a calendar date written YYYY-MM-DD, from 2000-01-01 to 2099-12-31',
  // Trends: daily metric points and the charts drawn from them.
  metricDayInFuture: 'must not be after tomorrow (UTC): a daily point counts a day that has begun',
  metricWindowInvalid: 'days must be 7, 30 or 90',
  trendsFailedToLoad: 'Failed to load the trend. Please try again later.',
  trendsEmpty: 'No daily figures for this period yet.',
  timeZoneInvalid: 'must be an IANA time zone name such as Europe/Berlin or UTC',
  endDateBeforeStart: 'must not be before start_date',
  startDateWithFrom: 'cannot be sent with from: send either days back (from) or calendar dates (start_date)',
  calendarNeedsStartDate: 'needs start_date: a time zone or an end date only applies to calendar dates',
  // Bulk report update: its preview, its confirmation and what it applied.
  reportHeldWithPublisher: 'Not applied: its publisher row was refused.',
  reportBatchHeld: 'Not applied: other rows were refused and you did not choose to apply the rest.',
  reportPreviewGone: 'This preview no longer exists. Upload the workbook and press Update report again.',
  reportPreviewUsed:
    'This preview was already confirmed. Press Update report again to see the current changes.',
  reportNothingToApply: 'The workbook changes nothing: every cell already holds its value.',
  reportHistoryEmpty: 'No populated workbooks yet. Populate a report and it is kept here.',
  reportHistoryFailed: 'The populated workbooks could not be loaded.',
  reportPreviewNote: 'Nothing has been written yet. Check the changes, then apply them.',
  reportPreviewProblems:
    'Some rows conflict with later saves or break a rule. Nothing is applied unless you choose to apply the rest; those rows are left as they are.',
  reportPreviewAllBlocked: 'No row can be applied: every changed row conflicts or is refused.',
} as const;

export type MessageKey = keyof typeof messages;

/** '{status} - {statusText}': an HTTP failure as the shared helpers word it. */
export const httpFailure = (status: number, statusText: string): string => `${status} - ${statusText}`;

/** 'The Embed name "{alias}" is already in use' */
/** The undo toast after a highlight was switched on or off on the publisher's live pages. */
export const apvSwitched = (place: 'front page' | 'article pages', on: boolean, title: string): string =>
  `${on ? 'Shown' : 'No longer shown'} on the ${place}: "${title}".`;

/** The screen that lists a vertical task's MP4: highlights under APV Highlights, full videos under Vertical. */
export type VerticalResultsScreen = 'Vertical View' | 'Full Video View';
export const verticalResultsScreen = (contentType: string): VerticalResultsScreen =>
  contentType === 'highlight' ? 'Vertical View' : 'Full Video View';

/**
 * The spec's 'MP4 was created successfully and can be viewed under ...', its placeholder filled with the
 * screen where the MP4 is listed.
 */
export const verticalCreated = (where: VerticalResultsScreen): string =>
  `MP4 was created successfully and can be viewed under ${where}.`;

export const embedNameInUse = (alias: string): string => `The Embed name "${alias}" is already in use`;

/**
 * A package name the publisher already uses (compared trimmed and in any case). Worded like the embed
 * name's message, but naming the field at fault, so the editor can point at the right input.
 */
export const packageNameInUse = (name: string): string => `The package name "${name}" is already in use`;

/** Package status toggle confirmation. */
export const packageStatusConfirm = (activate: boolean): string =>
  `Are you sure that you want to ${activate ? 'Activate' : 'Deactivate'} the package?`;

/** '{labels} must be filled!' for the mandatory server-supplied fields of a video page. */
export const mandatoryFieldsNotFilled = (labels: string[]): string => `${labels.join(', ')} must be filled!`;

/** 'Vertical MP4 for video {id} generated successfully and available for watching in the Console under: ...' */
export const verticalApproved = (videoId: string | number, where: VerticalResultsScreen): string =>
  `Vertical MP4 for video ${videoId} generated successfully and available for watching in the Console under: ${where}.`;

/** 'Are you sure you want to ON/OFF APVs/Editors for {publisher}?' */
export const productSwitchConfirm = (on: boolean, product: 'APVs' | 'Editors', publisher: string): string =>
  `Are you sure you want to ${on ? 'ON' : 'OFF'} ${product} for ${publisher}?`;

/** A limit as people write it: thousands separated ('10,000'), so a long number reads at a glance. */
const limitNumber = (n: number): string => n.toLocaleString('en-US');

/**
 * The allowed range in words: 'between 3 and 10', or 'at least 7' for a field with no upper limit (the
 * largest stored integer is a storage limit, not one a user needs to read).
 */
export const limitPhrase = (min: number, max?: number): string =>
  max === undefined ? `at least ${limitNumber(min)}` : `between ${limitNumber(min)} and ${limitNumber(max)}`;

/** 'Invalid input. Please enter an integer between X and Y.' ('… an integer of at least X.' when unbounded above) */
export const gridCellInvalid = (min: number, max?: number): string =>
  max === undefined
    ? `Invalid input. Please enter an integer of ${limitPhrase(min)}.`
    : `Invalid input. Please enter an integer ${limitPhrase(min, max)}.`;

/** A cell of a closed list (the grid's Ad Manager) holding a value outside it. */
export const gridValueNotAllowed = (allowed: readonly string[]): string =>
  `Invalid input. Please choose one of: ${allowed.join(', ')}.`;

/** A grid Sequence cell that is not whole numbers separated by commas. */
export const GRID_SEQUENCE_INVALID = 'Invalid input. Please enter whole numbers separated by commas.';

/** The ad grid before an action would drop its unsubmitted edits. */
export const gridDiscardEdits = (cells: number): string =>
  `You have ${cells} edited ${cells === 1 ? 'cell' : 'cells'} that ${cells === 1 ? 'is' : 'are'} not submitted. Discard ${cells === 1 ? 'it' : 'them'}?`;

/** A grid or workbook row read before someone else saved it: what changed, when and by whom. */
export const staleConfigRow = (row: string, fields: readonly string[], email: string, at: string): string =>
  `${row}: changed by ${email} at ${at} (${fields.length > 0 ? fields.join(', ') : 'settings'}) after you loaded it. Reload to see the latest values.`;

/** Ingest: a reference to a row the pipeline has not sent (yet). */
export const ingestUnknownReference = (
  kind: 'article' | 'highlight' | 'program',
  externalId: string,
): string => `Unknown ${kind} "${externalId}": ingest the ${kind} first.`;

/** Ingest: an external id listed twice in one list. */
export const ingestDuplicateExternalId = (externalId: string): string =>
  `"${externalId}" is listed more than once.`;

/** Ingest: a package id that no package of the token's publisher has. */
export const ingestUnknownPackage = (embedId: string): string =>
  `Unknown package "${embedId}": no package of this publisher has this id.`;

/** Ingest: a daily point given twice in one request. */
export const ingestDuplicateMetricPoint = (id: string, day: string): string =>
  `"${id}" on ${day} is listed more than once.`;

/** Ingest: too many daily points in one request. */
export const ingestTooManyMetricPoints = (max: number): string =>
  `A request holds at most ${max} daily points.`;

/** Ingest: a batch over its limit. */
export const ingestBatchTooLarge = (max: number): string => `A batch holds at most ${max} items.`;

/** Jobs: what a job's status says when it failed without a reason, or its file is gone. */
export const jobMessages = {
  failedWithoutReason: 'The job stopped without finishing. Try again.',
  fileMissing: 'The file this job made is no longer available. Start it again.',
  renderSkippedNext: 'The task is back in the review list: approve it again to render it.',
  zipSkippedNext: 'Start the download again.',
  renderQueued: 'Waiting for a renderer…',
  renderRunning: 'Rendering the vertical MP4…',
  renderDone: 'The vertical MP4 is ready.',
  renderSkipped: 'The render was skipped.',
  renderFailed: 'The render failed.',
  /** The review list's tag on a task whose render failed, was skipped or was lost. */
  renderFailedTag: (error: string) => `Render failed: ${error}`,
  renderSkippedTag: (reason: string) => `Render skipped: ${reason}`,
  renderLostTag: (reason: string) => `Render lost: ${reason}`,
  /** Why a render is lost: its job is gone from the queue while the task still waited for it. */
  renderLost: 'its job is no longer in the queue',
  /** The review list's Retry of a render. */
  retryRender: 'Retry',
  retryRenderQueued: (videoId: number) => `The render of video ${videoId} is queued again.`,
  retryRenderChanged: (videoId: number) =>
    `Video ${videoId} changed since you loaded the list: its render is no longer the one that failed. Reload the list.`,
  retryRenderStaleVersion: (videoId: number) =>
    `Video ${videoId}'s suggestion was saved again since this render was queued: open the task and approve the latest version.`,
  /** A job whose worker died (killed, crashed, restarted) in the middle of it more often than allowed. */
  workerStopped: 'The worker running this job stopped before it finished, more than once. Try again.',
  /** A job nobody has taken for a while (no worker running, or all busy). */
  stillWaiting: 'Still waiting for a worker: the job will start as soon as one is free.',
} as const;

/** Any request: a text field holding a NUL character or bytes that are not valid UTF-8. */
export const invalidTextField = (field: string): string =>
  `${field}: must not contain NUL characters or invalid UTF-8.`;

/** A field holding a value outside its closed list (field name prefixed by the validation envelope). */
export const notOneOf = (allowed: readonly string[]): string => `must be one of: ${allowed.join(', ')}.`;

/** A field whose JSON form is over its size bound. */
export const jsonTooLarge = (maxBytes: number): string => `must be at most ${maxBytes} bytes as JSON.`;

/** audit_log/create over its per-user rate: how long until the next entry is taken. */
export const auditTooFast = (seconds: number): string =>
  `Too many edit-log entries in a short time: the next one is taken in ${seconds} s.`;
/** The bulk report preview's summary: how many rows change, conflict and are refused. */
export const reportPreviewCount = (count: number, what: 'change' | 'conflict' | 'refused'): string => {
  if (what === 'change') return `${count} ${count === 1 ? 'row changes' : 'rows change'}`;
  if (what === 'conflict') return `${count} ${count === 1 ? 'conflict' : 'conflicts'}`;
  return `${count} refused`;
};

/** The vertical tool's crop size: refused by the server and the render, warned in the editor. */
export const cropMessages = {
  tooSmall: (frame: number, height: number, factor: number, maxFactor: number, minHeight: number): string =>
    `The crop at frame ${frame} is ${height} px tall: the render would enlarge it ${factor.toFixed(1)}×, more than ${maxFactor}×. Make the boxes there at least ${minHeight} px tall.`,
  editorWarning: (spans: number, minHeight: number): string =>
    `${spans === 1 ? 'One stretch' : `${spans} stretches`} of the path would be enlarged more than 2×: the render refuses crops under ${minHeight} px tall. Resize the boxes (marked red on the timeline).`,
  suggestionMissing: 'The suggestion has no crop in this shot.',
  noNextKeyframe: 'The selected object has no later keyframe in this group.',
  objectDeleted: (objectId: number): string => `Object #${objectId} deleted.`,
} as const;

/** The job center: the list of the jobs a user started, and its retry and cancel. */
export const jobCenterMessages = {
  title: 'Jobs',
  empty: 'No jobs yet: the grid submits, report runs, story archives and renders you start are listed here.',
  emptyFiltered: 'No job matches these filters.',
  kinds: {
    'monetization-submit': 'Grid submit',
    'report-fill': 'Report run',
    'report-update': 'Report update',
    'story-highlights-zip': 'Story archive',
    'vertical-render': 'Vertical render',
  } as Record<string, string>,
  states: {
    queued: 'Waiting',
    running: 'Running',
    done: 'Done',
    failed: 'Failed',
    cancelled: 'Cancelled',
  } as Record<string, string>,
  retried: 'The job is queued again.',
  cancelled: 'The job is cancelled.',
  notRetryable: 'This kind of job cannot be retried from here: open its object and start it again there.',
  notCancellable: 'This kind of job cannot be cancelled.',
  notFailed: 'Only a failed job can be retried.',
  notWaiting: 'Only a job that is still waiting can be cancelled: this one has started or ended.',
  goneFromQueue: 'The queue no longer holds this job: start it again from its screen.',
  retriedLater: 'This job was started again since: retry its latest run.',
  cancelledBy: (email: string) => `Cancelled by ${email}.`,
  endedDone: (kind: string, label: string) => `${kind} “${label}” is done.`,
  endedFailed: (kind: string, label: string) => `${kind} “${label}” failed.`,
  openResult: 'Open result',
  openJobs: 'Open jobs',
} as const;

/** The audit log as a tool: filters, export and "revert to this value". */
export const auditToolMessages = {
  revert: 'Revert to this value',
  reverted: (field: string) => `${field} is back to its value before this change.`,
  notRevertible: 'Only a change of a video or display configuration can be reverted.',
  fieldNotInEntry: 'This entry holds no before and after value for that field.',
  notGridField: 'This field is not one the ad configuration can set: change it on its setup page.',
  recordGone: 'The configuration this entry changed no longer exists.',
  changedSince: (field: string, now: string) =>
    `${field} has changed since this entry (it is now ${now || 'empty'}): reload and revert from its latest entry.`,
  alreadyBack: 'The field already holds this value.',
  exportTooMany: (max: number) =>
    `The export holds the newest ${max} entries; narrow the filters for older ones.`,
  searchPlaceholder: 'Search user, publisher, placement, field or value',
} as const;
