// The page form's file: uploaded as soon as it is chosen (uploaded_objects/create). A video is first
// probed in the browser, so a file the server would refuse is refused at once without uploading it.
import { useState } from 'react';
import { messages } from '@hc/shared/messages';
import { ApiError } from '../../../lib/api.ts';
import type { ToastApi } from '../../../lib/toast.tsx';
import { useUploadObject } from '../api/upload-object.ts';
import type { FormFile, PageKind } from './storyEditorState.ts';
import { checkVideoFile } from './videoProbe.ts';

export function usePageUpload(kind: PageKind, toast: ToastApi, onUploaded: (file: FormFile) => void) {
  const upload = useUploadObject();
  const [fileError, setFileError] = useState<string | null>(null);

  const onFile = async (file: File) => {
    setFileError(null);
    if (kind === 'video') {
      const refused = await checkVideoFile(file);
      if (refused) {
        setFileError(refused);
        return;
      }
    }
    try {
      const uploaded = await upload.mutateAsync({ file, fileType: kind });
      onUploaded({ objectId: uploaded.id, url: uploaded.file, name: file.name });
      toast.success(messages.fileSubmitted);
    } catch (error) {
      const text = error instanceof ApiError ? error.message : messages.somethingWentWrong;
      setFileError(text);
      toast.error(text);
    }
  };

  return { uploading: upload.isPending, fileError, onFile };
}
