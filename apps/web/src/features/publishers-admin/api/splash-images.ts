// GET publishers/{id}/splash_images/ and POST publishers_upload_splash/ {publisher_id, splash_base64}.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SplashImage } from '@hc/shared/api/publishers-admin';
import { editorApi } from '../../../lib/api.ts';

const splashKey = (publisherId: number | null) => ['publishers-admin', 'splash', publisherId] as const;

export function useSplashImages(publisherId: number | null) {
  return useQuery({
    queryKey: splashKey(publisherId),
    queryFn: ({ signal }) => editorApi<SplashImage[]>(`publishers/${publisherId}/splash_images/`, { signal }),
    enabled: publisherId !== null,
  });
}

export function useUploadSplash(publisherId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (splashBase64: string) =>
      editorApi<SplashImage>('publishers_upload_splash/', {
        method: 'POST',
        body: { publisher_id: publisherId, splash_base64: splashBase64 },
      }),
    onSuccess: (image) =>
      client.setQueryData<SplashImage[]>(splashKey(publisherId), (list) => [image, ...(list ?? [])]),
  });
}
