import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  aliasSchema,
  applicableMonetizationFields,
  bulkReportSchema,
  channelSchema,
  invalidMonetizationFields,
  isAllowedDisplaySize,
  isDisplaySizeValid,
  isGridChannelValid,
  isMonetizationFieldValid,
  isPackageIdParam,
  isSubmittableTitle,
  newPublisherSchema,
  packageHighlightsSchema,
  packageNameSchema,
  posterUrlSchema,
  stripNonDigits,
  validateAlias,
  validateBulkReport,
  validateBulkUpdate,
  validateGridCell,
  validateGridMandatory,
  validateImagePage,
  validateMandatoryFields,
  validateNewPublisher,
  validatePackageAdd,
  validatePackageName,
  validatePackageSize,
  validatePosterUrl,
  validateProgramSearch,
  validateSelectedTime,
  validateSplashImage,
  validateVideoUpload,
} from './validation.ts';
import type { MonetizationField, MonetizationFlowState, VideoFileInfo } from './validation.ts';
import { z } from 'zod';

const MB = 1024 * 1024;

describe('packages', () => {
  it.each([
    ['  ', false],
    ['', false],
    [' x ', true],
  ])('isSubmittableTitle(%j) → %s', (v, ok) => expect(isSubmittableTitle(v)).toBe(ok));

  it.each([
    ['', messages.packageNameInvalid],
    ['   ', messages.packageNameInvalid],
    [null, messages.packageNameInvalid],
    [' Goals ', null],
  ])('validatePackageName(%j)', (v, expected) => expect(validatePackageName(v)).toBe(expected));

  it.each([
    [0, messages.packageTooFewVideos],
    [2, messages.packageTooFewVideos],
    [3, null],
    [5, null],
    [6, messages.packageTooManyVideos],
  ])('validatePackageSize(%i)', (n, expected) => expect(validatePackageSize(n)).toBe(expected));

  it.each([
    [4, null],
    [5, messages.packageTooManyVideos],
  ])('validatePackageAdd(%i)', (n, expected) => expect(validatePackageAdd(n)).toBe(expected));

  it.each([
    ['a', null],
    ['my-unique-alias', null],
    ['Top_Videos-2', null],
    ['a'.repeat(30), null],
    ['a'.repeat(31), messages.invalidEmbedName],
    ['', messages.invalidEmbedName],
    [null, messages.invalidEmbedName],
    ['1abc', messages.invalidEmbedName],
    ['-abc', messages.invalidEmbedName],
    ['abc-', messages.invalidEmbedName],
    ['abc_', messages.invalidEmbedName],
    ['ab c', messages.invalidEmbedName],
    ['ab.c', messages.invalidEmbedName],
    ['émile', messages.invalidEmbedName],
  ])('validateAlias(%j)', (v, expected) => expect(validateAlias(v)).toBe(expected));

  it.each([
    ['aB3x9', true],
    ['123456789', true],
    ['1234567890', false],
    ['', false],
    ['a/b', false],
  ])('isPackageIdParam(%j) → %s', (v, ok) => expect(isPackageIdParam(v)).toBe(ok));
});

describe('vertical tool and programs', () => {
  it.each([
    [4.9, messages.selectedTimeTooShort],
    [5, null],
    [12, null],
    [12.1, messages.selectedTimeTooLong],
  ])('validateSelectedTime(%s)', (s, expected) => expect(validateSelectedTime(s)).toBe(expected));

  it.each([
    ['', messages.programSearchEmpty],
    ['  ', messages.programSearchEmpty],
    [undefined, messages.programSearchEmpty],
    ['Match of the day', null],
  ])('validateProgramSearch(%j)', (v, expected) => expect(validateProgramSearch(v)).toBe(expected));
});

describe('story pages', () => {
  it('needs an image file', () => {
    expect(validateImagePage(null)).toBe(messages.imageFileRequired);
    expect(validateImagePage({ name: 'a.png' })).toBeNull();
  });

  const ok: VideoFileInfo = {
    sizeBytes: 5 * MB,
    mimeType: 'video/mp4',
    width: 1280,
    height: 720,
    durationSeconds: 10,
  };
  it.each<[string, VideoFileInfo | null, string | null]>([
    ['missing', null, messages.videoFileRequired],
    ['fine', ok, null],
    ['exactly 10 MB', { ...ok, sizeBytes: 10 * MB }, null],
    ['too big', { ...ok, sizeBytes: 10 * MB + 1 }, messages.videoTooBig],
    ['webm', { ...ok, mimeType: 'video/webm' }, messages.videoNotMp4],
    ['no type at all', { ...ok, mimeType: null }, messages.videoNotMp4],
    ['ffprobe container', { ...ok, mimeType: undefined, container: 'mov,mp4,m4a,3gp,3g2,mj2' }, null],
    ['vertical', { ...ok, width: 720, height: 1280 }, messages.videoVertical],
    ['square is not vertical', { ...ok, width: 720, height: 720 }, null],
    ['too high (4k)', { ...ok, width: 3840, height: 2160 }, messages.videoResolutionTooHigh],
    ['1080p ok', { ...ok, width: 1920, height: 1080 }, null],
    ['too low', { ...ok, width: 640, height: 360 }, messages.videoResolutionTooLow],
    ['720x480 ok', { ...ok, width: 720, height: 480 }, null],
    ['too long', { ...ok, durationSeconds: 30.5 }, messages.videoTooLong],
    ['too short', { ...ok, durationSeconds: 3.9 }, messages.videoTooShort],
    [
      'order: size before format',
      { ...ok, sizeBytes: 20 * MB, mimeType: 'video/webm' },
      messages.videoTooBig,
    ],
    [
      'order: format before orientation',
      { ...ok, mimeType: 'video/quicktime', width: 100, height: 200 },
      messages.videoNotMp4,
    ],
    ['order: orientation before resolution', { ...ok, width: 2000, height: 4000 }, messages.videoVertical],
    [
      'order: resolution before duration',
      { ...ok, width: 320, height: 240, durationSeconds: 99 },
      messages.videoResolutionTooLow,
    ],
    ['order: too long before too short', { ...ok, durationSeconds: 31 }, messages.videoTooLong],
  ])('validateVideoUpload: %s', (_name, f, expected) => expect(validateVideoUpload(f)).toBe(expected));

  it('lists the blank mandatory server fields', () => {
    const fields = [
      { name: 'title', label: 'Title', is_mandatory: true },
      { name: 'inning', label: 'Inning', is_mandatory: true },
      { name: 'score', label: 'Score', is_mandatory: false },
    ];
    expect(validateMandatoryFields(fields, { title: ' ', score: '' })).toBe('Title, Inning must be filled!');
    expect(validateMandatoryFields(fields, { title: 'x', inning: 3 })).toBeNull();
  });

  it.each([
    ['https://cdn.example.com/p.jpg', null],
    ['http://cdn.example.com/p.JPEG', null],
    ['www.example.com/a/b.png?x=1', null],
    ['https://cdn.example.com/p.gif#f', null],
    ['', messages.posterUrlInvalid],
    ['ftp://x/p.png', messages.posterUrlInvalid],
    ['example.com/p.png', messages.posterUrlInvalid],
    ['https://a b/p.png', messages.posterUrlInvalid],
    ['https://cdn.example.com/p.webp', messages.posterUrlFormat],
    ['https://cdn.example.com/png', messages.posterUrlFormat],
  ])('validatePosterUrl(%j)', (v, expected) => expect(validatePosterUrl(v)).toBe(expected));
});

describe('publishers and reports', () => {
  it.each([
    [{ pub_name: 'A', pub_id: '900', home_url: 'https://a' }, null],
    [{ pub_name: 'A', pub_id: 900, home_url: 'https://a' }, null],
    [{ pub_name: ' ', pub_id: '900', home_url: 'https://a' }, messages.eachFieldRequired],
    [{ pub_name: 'A', home_url: 'https://a' }, messages.eachFieldRequired],
    [{ pub_name: 'A', pub_id: '900', home_url: '' }, messages.eachFieldRequired],
    [{ pub_name: 'A', pub_id: '9x', home_url: 'https://a' }, messages.publisherIdInvalid],
    [{ pub_name: 'A', pub_id: '-5', home_url: 'https://a' }, messages.publisherIdInvalid],
    [{ pub_name: 'A', pub_id: '406', home_url: 'https://a' }, messages.publisherExists],
  ])('validateNewPublisher(%j)', (input, expected) => {
    expect(validateNewPublisher(input, [406, 407, 512])).toBe(expected);
  });

  it('needs a splash image', () => {
    expect(validateSplashImage(undefined)).toBe(messages.splashRequired);
    expect(validateSplashImage('data:image/png;base64,AAA')).toBeNull();
  });

  it.each<[string | null, number[], string | null]>([
    ['sheet', [406], null],
    ['', [406], messages.missingInputs],
    ['sheet', [], messages.missingInputs],
    [null, [], messages.missingInputs],
  ])('validateBulkReport(%j, %j)', (id, pubs, expected) =>
    expect(validateBulkReport(id, pubs)).toBe(expected),
  );

  it('bulk update needs a sheet id', () => {
    expect(validateBulkUpdate(' ')).toBe(messages.missingInputs);
    expect(validateBulkUpdate('sheet')).toBeNull();
  });
});

describe('monetization config fields', () => {
  it.each<[MonetizationField, unknown, boolean]>([
    ['channel', '0123456789abcdef01234567', true],
    ['channel', '0123456789ABCDEF01234567', true], // the page lowercases its input
    ['channel', '0123456789abcdef0123456', false],
    ['channel', '0123456789abcdef0123456g', false],
    ['channel', '', false],
    ['midrollTime', '0', false],
    ['midrollTime', '1', true],
    ['midrollTime', '', false],
    ['midrollDelay', '', true],
    ['midrollDelay', '15', true],
    ['midrollDelay', '16', false],
    ['maxImpressions', '0', true],
    ['maxImpressions', '100', true],
    ['maxImpressions', '101', false],
    ['startMidroll', '6', false],
    ['startMidroll', '7', true],
    ['vastRetry', '0', false],
    ['vastRetry', '5', true],
    ['vastRetry', '6', false],
    ['errorLimit', '0', false],
    ['errorLimit', 1, true],
    ['skipTimer', '2', false],
    ['skipTimer', '3', true],
    ['skipTimer', '10', true],
    ['skipTimer', '11', false],
    ['startPoint', '0', true],
    ['startPoint', '-1', false],
    ['adSequence', '2', true],
    ['adSequence', '1,2, 3', true],
    ['adSequence', '1,,2', false],
    ['adSequence', '1.5', false],
    ['aniviewPreloadAdPlayingWindow', '1', true],
    ['aniviewPreloadAdPlayingWindow', '6.5', true],
    ['aniviewPreloadAdPlayingWindow', '2.5', true],
    ['aniviewPreloadAdPlayingWindow', '2.3', false],
    ['aniviewPreloadAdPlayingWindow', '0.5', false],
    ['aniviewPreloadAdPlayingWindow', '7', false],
    ['adDelayDuration', '0', true],
    ['adDelayDuration', '6', true],
    ['adDelayDuration', '7', false],
    ['viewportProduct', '100', true],
    ['viewportProduct', '50.5', false],
    ['viewportAd', '101', false],
    ['displayProfileId', '123', false],
    ['displayProfileId', '1234', true],
    ['displayProfileId', '99999', true],
    ['displayProfileId', '100000', false],
    ['displayProfileId', '12a4', false],
    ['displayAdDuration', '4', false],
    ['displayAdDuration', '5', true],
    ['displayAdDuration', '10', true],
    ['displayAdDuration', '11', false],
    ['displaySkipDelay', '0', false],
    ['displaySkipDelay', '1', true],
    ['displaySkipDelay', '5', true],
    ['adUnitPathCustom', ' ', false],
    ['adUnitPathCustom', 'sports/home', true],
  ])('%s = %j → %s', (field, value, ok) => expect(isMonetizationFieldValid(field, value)).toBe(ok));

  it('strips non-digits from numeric inputs', () => {
    expect(stripNonDigits('1a2-3')).toBe('123');
    expect(stripNonDigits('6.5s', true)).toBe('6.5');
  });

  const base: MonetizationFlowState = {
    autoplay: true,
    delayedAutoplay: false,
    preloadAdDelay: false,
    skip: false,
    fallbackEnable: false,
    displaySkip: false,
  };
  it.each<[string, Partial<MonetizationFlowState>, MonetizationField[], MonetizationField[]]>([
    [
      'autoplay',
      {},
      ['maxImpressions', 'startMidroll'],
      ['adSequence', 'adDelayDuration', 'skipTimer', 'displayProfileId'],
    ],
    ['preload sequence', { autoplay: false }, ['adSequence'], ['maxImpressions', 'startMidroll']],
    ['delayed autoplay', { autoplay: false, delayedAutoplay: true }, ['maxImpressions', 'adSequence'], []],
    ['preload ad delay', { autoplay: false, preloadAdDelay: true }, ['adDelayDuration'], ['maxImpressions']],
    ['skip on', { skip: true }, ['skipTimer'], []],
    ['fallback on', { fallbackEnable: true }, ['displayProfileId', 'adUnitPathCustom'], ['displaySkipDelay']],
    ['fallback and display skip', { fallbackEnable: true, displaySkip: true }, ['displaySkipDelay'], []],
  ])('applicable fields: %s', (_name, patch, included, excluded) => {
    const fields = applicableMonetizationFields({ ...base, ...patch });
    for (const f of included) expect(fields).toContain(f);
    for (const f of excluded) expect(fields).not.toContain(f);
  });

  it('reports only applicable invalid fields', () => {
    const values = {
      channel: 'abcdefabcdefabcdefabcdef',
      midrollTime: '3',
      maxImpressions: '5',
      startMidroll: '7',
      vastRetry: '2',
      errorLimit: '10',
      startPoint: '0',
      aniviewPreloadAdPlayingWindow: '6.5',
      viewportProduct: '1',
      viewportAd: '30',
      skipTimer: '99', // skip is off: ignored
      adDelayDuration: 'x', // no preload ad delay: ignored
    };
    expect(invalidMonetizationFields(values, base)).toEqual([]);
    expect(invalidMonetizationFields({ ...values, vastRetry: '9' }, base)).toEqual(['vastRetry']);
    expect(invalidMonetizationFields(values, { ...base, skip: true })).toEqual(['skipTimer']);
  });
});

describe('ad configuration grid', () => {
  it.each<[Parameters<typeof validateGridCell>[0], unknown, string | null]>([
    ['viewportProduct', '0', null],
    ['viewportProduct', 100, null],
    ['viewportProduct', '101', 'Invalid input. Please enter an integer between 0 and 100.'],
    ['viewportAd', '3.5', 'Invalid input. Please enter an integer between 0 and 100.'],
    ['maxImpressions', '', 'Invalid input. Please enter an integer between 0 and 100.'],
    ['vastRetry', '0', 'Invalid input. Please enter an integer between 1 and 5.'],
    ['vastRetry', '5', null],
    ['errorLimit', '0', 'Invalid input. Please enter an integer of at least 1.'],
    ['startMidroll', '7', null],
    ['startMidroll', '6', 'Invalid input. Please enter an integer of at least 7.'],
    ['midrollTime', '1', null],
    ['skipTimer', '11', 'Invalid input. Please enter an integer between 3 and 10.'],
    ['displayDuration', '5000', null],
    ['displayDuration', '10001', 'Invalid input. Please enter an integer between 5,000 and 10,000.'],
    ['skipDelay', '1000', null],
    ['skipDelay', '4999', null],
    ['skipDelay', '5000', 'Invalid input. Please enter an integer between 1,000 and 4,999.'],
  ])('%s = %j', (field, value, expected) => expect(validateGridCell(field, value)).toBe(expected));

  it('checks channel, mandatory cells and sizes', () => {
    expect(isGridChannelValid('abcdefabcdefabcdefabcdef')).toBe(true);
    expect(isGridChannelValid('ABCDEFABCDEFABCDEFABCDEF')).toBe(false);
    expect(validateGridMandatory(['x', ' '])).toBe(messages.mandatoryFieldsMissing);
    expect(validateGridMandatory(['x', 0])).toBeNull();
    expect(isDisplaySizeValid(300, 250)).toBe(true);
    expect(isDisplaySizeValid(0, 250)).toBe(false);
    expect(isAllowedDisplaySize(300, 600)).toBe(true);
    expect(isAllowedDisplaySize(728, 90)).toBe(false);
  });
});

describe('zod schemas', () => {
  const firstMessage = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

  it('carry the catalogue messages', () => {
    expect(packageNameSchema.parse('  Goals ')).toBe('Goals');
    expect(firstMessage(packageNameSchema.safeParse('  '))).toBe(messages.packageNameInvalid);
    expect(firstMessage(aliasSchema.safeParse('1x'))).toBe(messages.invalidEmbedName);
    expect(aliasSchema.parse('ok-alias')).toBe('ok-alias');
    const hl = packageHighlightsSchema(z.object({ id: z.number() }));
    expect(firstMessage(hl.safeParse([{ id: 1 }]))).toBe(messages.packageTooFewVideos);
    expect(firstMessage(hl.safeParse([1, 2, 3, 4, 5, 6].map((id) => ({ id }))))).toBe(
      messages.packageTooManyVideos,
    );
    expect(firstMessage(posterUrlSchema.safeParse('https://x/p.bmp'))).toBe(messages.posterUrlFormat);
    expect(channelSchema.parse(' ABCDEFABCDEFABCDEFABCDEF ')).toBe('abcdefabcdefabcdefabcdef');
  });

  it('parse forms', () => {
    expect(newPublisherSchema.parse({ pub_name: ' A ', pub_id: '900', home_url: 'https://a ' })).toEqual({
      pub_name: 'A',
      pub_id: 900,
      home_url: 'https://a',
    });
    expect(firstMessage(newPublisherSchema.safeParse({ pub_name: 'A', pub_id: 'x', home_url: 'h' }))).toBe(
      messages.publisherIdInvalid,
    );
    expect(firstMessage(bulkReportSchema.safeParse({ external_id: 's', publisher_ids: [] }))).toBe(
      messages.missingInputs,
    );
    expect(bulkReportSchema.parse({ external_id: ' s ', publisher_ids: ['406'] })).toEqual({
      external_id: 's',
      publisher_ids: [406],
    });
  });
});
