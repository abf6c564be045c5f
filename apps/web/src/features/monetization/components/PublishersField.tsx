// The publisher multi-select of the admin screens that load many publishers at once (View existing setup,
// Ad configuration grid): up to PUBLISHER_MULTISELECT_MAX, filterable, shown as chips.
import { MultiSelect } from 'primereact/multiselect';
import { PUBLISHER_MULTISELECT_MAX } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { usePublishers } from '../api/get-publishers.ts';

interface PublishersFieldProps {
  /** Element id and test id of the select. */
  id: string;
  value: number[];
  onChange: (ids: number[]) => void;
}

export function PublishersField({ id, value, onChange }: PublishersFieldProps) {
  const publishers = usePublishers();
  return (
    <div className="hc-toolbar__field hc-toolbar__field--grow">
      <label htmlFor={id}>Publishers</label>
      <MultiSelect
        inputId={id}
        value={value}
        options={publishers.data ?? []}
        optionLabel="name"
        optionValue="id"
        filter
        display="chip"
        selectionLimit={PUBLISHER_MULTISELECT_MAX}
        showSelectAll={false}
        loading={publishers.isPending}
        placeholder={publishers.isError ? 'Publishers could not be loaded' : 'Select publishers'}
        emptyMessage={publishers.isError ? messages.errorFetchingPublishers : 'No publishers'}
        onChange={(e) => onChange(e.value as number[])}
        data-testid={id}
      />
    </div>
  );
}
