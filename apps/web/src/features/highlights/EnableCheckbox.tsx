// The Enable Front Page / Enable Article checkbox, shared by the table and the drawer.
import { Checkbox } from 'primereact/checkbox';
import type { Highlight } from '@hc/shared/api/highlights';
import { messages } from '@hc/shared/messages';
import type { ApvMode } from './api/set-article-status.ts';

export const APV_MODE_LABEL: Record<ApvMode, string> = {
  regular: 'Enable Front Page',
  article: 'Enable Article',
};

const TEST_ID: Record<ApvMode, string> = { regular: 'enable-front-page', article: 'enable-article' };

/** regular mode reads article_active, article mode ia_article_active. */
export const isEnabled = (highlight: Highlight, mode: ApvMode): boolean =>
  mode === 'regular' ? highlight.article_active : highlight.ia_article_active;

interface EnableCheckboxProps {
  highlight: Highlight;
  mode: ApvMode;
  onToggle: (highlight: Highlight, mode: ApvMode, status: boolean) => void;
  /** Where the checkbox sits, so the table's and the drawer's test ids differ. */
  scope: 'row' | 'drawer';
  /** The user may not switch highlights on live pages: shown, not changeable, and says why. */
  readOnly?: boolean;
}

/** A checkbox bound to one of the two enable flags of a highlight's article. */
export function EnableCheckbox({ highlight, mode, onToggle, scope, readOnly = false }: EnableCheckboxProps) {
  const checked = isEnabled(highlight, mode);
  const id = `${scope}-${TEST_ID[mode]}-${highlight.highlight_id}`;
  const box = (
    <Checkbox
      inputId={id}
      checked={checked}
      aria-label={`${APV_MODE_LABEL[mode]}: ${highlight.title}`}
      data-testid={scope === 'row' ? `${TEST_ID[mode]}-${highlight.highlight_id}` : `drawer-${TEST_ID[mode]}`}
      data-checked={checked}
      disabled={readOnly}
      onChange={(e) => onToggle(highlight, mode, Boolean(e.checked))}
    />
  );
  // A disabled control gets no pointer events: its wrapper carries the reason, shown on hover.
  if (!readOnly) return box;
  return (
    <span className="hc-locked-switch" title={messages.apvSwitchNeedsRole} data-testid="apv-switch-locked">
      {box}
    </span>
  );
}
