// POST publisher_product_status {publisher_id, product, status}: the APV / Editor checkboxes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductStatusBody, PublisherAdminRow } from '@hc/shared/api/publishers-admin';
import { editorApi } from '../../../lib/api.ts';
import { publishersAdminKey } from './get-publishers.ts';

export function useSwitchProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductStatusBody) =>
      editorApi<PublisherAdminRow>('publisher_product_status', { method: 'POST', body }),
    onSuccess: (row) =>
      client.setQueryData<PublisherAdminRow[]>(publishersAdminKey, (list) =>
        list?.map((p) => (p.id === row.id ? row : p)),
      ),
  });
}
