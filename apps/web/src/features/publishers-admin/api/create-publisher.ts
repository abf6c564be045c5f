// POST publishers/new {pub_name, pub_id, home_url}: the created row joins the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewPublisherForm, PublisherAdminRow } from '@hc/shared/api/publishers-admin';
import { editorApi } from '../../../lib/api.ts';
import { publishersAdminKey } from './get-publishers.ts';

export function useCreatePublisher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: NewPublisherForm) =>
      editorApi<PublisherAdminRow>('publishers/new', { method: 'POST', body: form }),
    onSuccess: (created) =>
      client.setQueryData<PublisherAdminRow[]>(publishersAdminKey, (list) =>
        list ? [...list.filter((p) => p.id !== created.id), created].sort((a, b) => a.id - b.id) : list,
      ),
  });
}
