// The stories list's toolbar: the search (title or id), the CSV export of what is listed and New story.
import { Button } from 'primereact/button';
import { ExportButton } from '../../../lib/list-page/ExportButton.tsx';
import { ListToolbar } from '../../../lib/list-page/ListToolbar.tsx';

interface StoriesToolbarProps {
  text: string;
  onTextChange: (text: string) => void;
  /** The search the list was asked with, for the export of the same stories. */
  q: string;
  onNew: () => void;
}

export function StoriesToolbar({ text, onTextChange, q, onNew }: StoriesToolbarProps) {
  return (
    <ListToolbar
      testId="stories"
      search={{ value: text, onChange: onTextChange, placeholder: 'Story title or ID' }}
      actions={
        <>
          <ExportButton
            path="stamp/stories/export.csv"
            query={{ q }}
            fallbackName="stories.csv"
            testId="stories-export"
          />
          <Button
            type="button"
            label="New story"
            icon="pi pi-plus"
            onClick={onNew}
            data-testid="stories-new"
          />
        </>
      }
    />
  );
}
