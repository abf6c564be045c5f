// GET publisher_products: the products of the session's publisher.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublisherProduct } from '@hc/shared/api/publishers';
import { editorApi } from '../api.ts';

export const getPublisherProducts = (signal?: AbortSignal): Promise<PublisherProduct[]> =>
  editorApi<PublisherProduct[]>('publisher_products', { signal });

export const publisherProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['publishers', 'products'],
    queryFn: ({ signal }) => getPublisherProducts(signal),
    staleTime: Infinity,
  });

/** The publisher's products; pass enabled=false until the user info is known. */
export const usePublisherProducts = (enabled = true) =>
  useQuery({ ...publisherProductsQueryOptions(), enabled });
