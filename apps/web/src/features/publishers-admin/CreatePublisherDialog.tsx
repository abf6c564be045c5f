// The Create publisher dialog: pub_name, pub_id, home_url. The form rules are
// the shared ones (newPublisherError); the server adds "already exists". Success and failure toast.
import { useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { messages } from '@hc/shared/messages';
import { newPublisherError, type NewPublisherForm } from '@hc/shared/api/publishers-admin';
import { ApiError } from '../../lib/api.ts';
import { useToast } from '../../lib/toast.tsx';
import { useCreatePublisher } from './api/create-publisher.ts';

const EMPTY: NewPublisherForm = { pub_name: '', pub_id: '', home_url: '' };
const FIELDS: { key: keyof NewPublisherForm; label: string; placeholder: string }[] = [
  { key: 'pub_name', label: 'Publisher name', placeholder: 'Daily Planet' },
  { key: 'pub_id', label: 'Publisher Id', placeholder: '406' },
  { key: 'home_url', label: 'Home URL', placeholder: 'https://www.example.com' },
];

export function CreatePublisherDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const toast = useToast();
  const create = useCreatePublisher();
  const [form, setForm] = useState<NewPublisherForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setForm(EMPTY);
    setError(null);
    onHide();
  };

  const submit = () => {
    const problem = newPublisherError(form);
    setError(problem);
    if (problem) return;
    create.mutate(form, {
      onSuccess: () => {
        toast.success(messages.publisherCreated);
        close();
      },
      onError: (e) => {
        // A rule the server holds (the id taken) is shown in the form; anything else is a failure toast.
        if (e instanceof ApiError && (e.status === 400 || e.status === 409)) setError(e.message);
        else toast.error(messages.publisherCreateFailed);
      },
    });
  };

  return (
    <Dialog
      visible={visible}
      onHide={close}
      header="Create publisher"
      className="hc-publisher-create"
      style={{ width: 'min(32rem, 95vw)' }}
      data-testid="publisher-create-dialog"
      footer={
        <div className="hc-dialog-footer">
          <Button type="button" label="Cancel" text onClick={close} />
          <Button
            type="submit"
            form="publisher-create-form"
            label="Create"
            icon="pi pi-check"
            loading={create.isPending}
            data-testid="publisher-create-submit"
          />
        </div>
      }
    >
      <form
        id="publisher-create-form"
        className="hc-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {FIELDS.map((field) => (
          <div className="hc-form__field" key={field.key}>
            <label htmlFor={`publisher-${field.key}`}>{field.label}</label>
            <InputText
              id={`publisher-${field.key}`}
              name={field.key}
              value={form[field.key]}
              placeholder={field.placeholder}
              inputMode={field.key === 'pub_id' ? 'numeric' : undefined}
              maxLength={field.key === 'home_url' ? 2000 : 200}
              onChange={(e) => setForm({ ...form, [field.key]: e.target.value })}
              data-testid={`publisher-form-${field.key}`}
            />
          </div>
        ))}
        {error && <Message severity="error" text={error} data-testid="publisher-create-error" />}
      </form>
    </Dialog>
  );
}
