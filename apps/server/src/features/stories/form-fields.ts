// The server-defined fields of a video page, for product 'apv', and their checks.
// Labels, input types, mandatory flags and lengths are ours (docs/decisions.md, "Stories API").
import { STORY_PRODUCT, type StoryFormField } from '@hc/shared/api/stories';
import { validateMandatoryFields } from '@hc/shared/validation';

const p = STORY_PRODUCT;

export const VIDEO_FORM_FIELDS: readonly StoryFormField[] = [
  { name: 'title', label: 'Title', input_type: 'string', is_mandatory: true, max_chars: 80 },
  {
    name: 'home_or_away_team_playing',
    label: 'Team playing',
    input_type: 'dropdown',
    options: ['home', 'away'],
    is_mandatory: true,
    max_chars: 4,
  },
  {
    name: `${p}_batter_full_name`,
    label: 'Batter',
    input_type: 'string',
    is_mandatory: false,
    max_chars: 60,
  },
  {
    name: `${p}_pitcher_full_name`,
    label: 'Pitcher',
    input_type: 'string',
    is_mandatory: false,
    max_chars: 60,
  },
  {
    name: `${p}_story_half_inning`,
    label: 'Half inning',
    input_type: 'dropdown',
    options: ['top', 'bottom'],
    is_mandatory: false,
    max_chars: 6,
  },
  { name: `${p}_story_inning`, label: 'Inning', input_type: 'string', is_mandatory: false, max_chars: 2 },
  {
    name: `${p}_story_score_after_away`,
    label: 'Away score after',
    input_type: 'string',
    is_mandatory: false,
    max_chars: 3,
  },
  {
    name: `${p}_story_score_after_home`,
    label: 'Home score after',
    input_type: 'string',
    is_mandatory: false,
    max_chars: 3,
  },
];

/** Answers for field rules the spec does not word. */
export const formFieldErrors = {
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  notAnOption: (label: string) => `${label} is not one of the offered choices.`,
};

/**
 * The video page's field values: mandatory ones filled ('{labels} must be filled!'), each within its
 * max_chars, dropdowns one of their options. Returns the trimmed values of the known fields only, or
 * the first problem.
 */
export function checkVideoFields(
  metadata: Readonly<Record<string, unknown>>,
): { values: Record<string, string> } | { error: string } {
  const values: Record<string, string> = {};
  for (const field of VIDEO_FORM_FIELDS) {
    const raw = metadata[field.name];
    const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    values[field.name] = value;
  }
  const missing = validateMandatoryFields(VIDEO_FORM_FIELDS, values);
  if (missing) return { error: missing };
  for (const field of VIDEO_FORM_FIELDS) {
    const value = values[field.name] ?? '';
    if (value.length > field.max_chars)
      return { error: formFieldErrors.tooLong(field.label, field.max_chars) };
    if (field.options && value !== '' && !field.options.includes(value))
      return { error: formFieldErrors.notAnOption(field.label) };
  }
  return { values };
}
