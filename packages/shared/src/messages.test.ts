// Each catalogue string of the three spec documents, copied from the spec text (not from messages.ts),
// must appear exactly among the catalogue's values, so a typo on either side fails here.
import { describe, expect, it } from 'vitest';
import {
  embedNameInUse,
  gridCellInvalid,
  httpFailure,
  mandatoryFieldsNotFilled,
  messages,
  packageStatusConfirm,
  productSwitchConfirm,
  verticalApproved,
  verticalCreated,
} from './messages.ts';

const values: readonly string[] = Object.values(messages);

const SPEC_000 = [
  'Editor is not supported on mobile devices',
  'No results found, please refine your search.',
  'Please select at least 3 APVs!',
  'To see the component, click PREVIEW button',
  'Click to Reload',
  'Are you sure you want to discard this suggestion?',
  'Highlight removed',
  'Login Failed',
  'Please enter a valid package name',
  'package name is required',
  'Please add at least 3 videos in order to save the package',
  'A package cannot contain more than 5 videos.',
  'Invalid Embed Name',
  "Alias format must be: 'my-unique-alias' and must start with a letter (remaining chars)",
  'Something went wrong',
  'Error fetching publishers. Please try again later.',
  'Failed to load packages. Please try again later.',
  'Package was successfully saved',
  'Link copied.',
  'Embed code successfully copied to clipboard',
  'Network error. Please try again later.',
  'Authentication failed.',
  'Looks like your session done, we will redirect you to login page. Login again for new session.',
  'Your search resulted in 1000+ items. Please refine your search request',
  "Something went wrong. We're looking to see what happened.",
];

const SPEC_001 = [
  'Editor is not supported on mobile devices',
  'This story is not published!',
  'Link copied.',
  'Successfully created story',
  'Unable to create a story',
  'Please fill out search field',
  'Are you sure?',
  'You will be redirected to a manual editing screen',
  'No, publish',
  'Review changes',
  'Yes, discard',
  'Selected time is shorter than 5 seconds',
  'Selected time is longer than 12 seconds',
  'Please provide feedback for at least one suggestion before taking further action',
  'Image file must be selected',
  'Video file must be selected!',
  'Video file size is too big. Max file size is 10 MB.',
  'Video format is not supported. Please upload a video in MP4 format.',
  'Vertical video is not supported. Please upload a video in horizontal format.',
  'Video resolution is too high. Max video resolution is 1080p.',
  'Video resolution is too low. Min video resolution support is 720p.',
  'Video is too long. Max video duration is 30 seconds.',
  'Poster URL is not valid.',
  'Poster URL image format is not correct. Valid image formats: JPEG, JPG, GIF, PNG',
  'Poster URL image has an error or does not exist.',
  'Your search resulted in 1000+ items. Please refine your search request',
  'Unable to perform request.',
  'Story page created successfully.',
  'Story page updated successfully.',
  'Story page deleted successfully.',
  'Sorry, Unable to publish story.',
  'Story published successfully.',
  'file submitted successfully',
  'Thanks, Feedback has been submitted.',
  'Encountered error while submitting.',
  'Error',
  'Failed to load configuration. Please try again later.',
  'Something went wrong while retrieving the data. Please try again later.',
  'Looks like your session done, we will redirect you to login page. Login again for new session.',
  'Vertical will not be created and the source video will be marked as rejected',
  'No results found, please refine your search.',
  'Something went wrong',
];

const SPEC_002 = [
  'Any unsaved data will be lost and you will be redirected to the main setup page',
  'Mandatory fields are missing!',
  'missing inputs',
  'Each field is required!',
  'Publisher Id is not valid',
  'This publisher already exists!',
  'Please select splash image !',
  'Something went wrong',
  'An A/B test is configured for this placement',
  'Before you continue',
  'Monetization a/b test is configured for this placement. Please edit it via RailsAdmin',
  'You cannot proceed',
  'Setup saved successfully!',
  'Please review your changes in the view page',
  'Configurations has been submitted successfully',
  'file submitted successfully',
  'Unable to create new publisher.',
  'New publisher successfully created.',
  'Something went wrong while retrieving the data. Please try again later.',
  'Request was not successful!',
  'Splash image saved successfully',
  "Something went wrong. We're looking to see what happened.",
];

describe('message catalogue holds every spec string exactly', () => {
  it.each([
    ...SPEC_000.map((s) => ['000', s] as const),
    ...SPEC_001.map((s) => ['001', s] as const),
    ...SPEC_002.map((s) => ['002', s] as const),
  ])('spec %s: %s', (_doc, expected) => {
    expect(values).toContain(expected);
  });

  // The spec words this one only as a fragment: "'too short. Min 4 seconds'".
  it("the spec's too-short video message ends with 'too short. Min 4 seconds'", () => {
    expect(messages.videoTooShort.endsWith('too short. Min 4 seconds')).toBe(true);
  });
});

describe('message templates', () => {
  it.each([
    ['000', httpFailure(404, 'Not Found'), '404 - Not Found'],
    ['000', embedNameInUse('my-alias'), 'The Embed name "my-alias" is already in use'],
    ['000', packageStatusConfirm(true), 'Are you sure that you want to Activate the package?'],
    ['000', packageStatusConfirm(false), 'Are you sure that you want to Deactivate the package?'],
    ['001', mandatoryFieldsNotFilled(['Title']), 'Title must be filled!'],
    [
      '001',
      verticalApproved(77, 'Vertical View'),
      'Vertical MP4 for video 77 generated successfully and available for watching in the Console under: Vertical View.',
    ],
    [
      '001',
      verticalCreated('Full Video View'),
      'MP4 was created successfully and can be viewed under Full Video View.',
    ],
    [
      '002',
      productSwitchConfirm(true, 'APVs', 'Daily Planet'),
      'Are you sure you want to ON APVs for Daily Planet?',
    ],
    [
      '002',
      productSwitchConfirm(false, 'Editors', 'Metro Sports'),
      'Are you sure you want to OFF Editors for Metro Sports?',
    ],
    ['002', gridCellInvalid(1, 5), 'Invalid input. Please enter an integer between 1 and 5.'],
  ])('spec %s: %s', (_doc, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
