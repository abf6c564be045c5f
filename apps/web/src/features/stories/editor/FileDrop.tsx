// A page's file: browse or drop. Shows the chosen file (an image thumbnail or the video's
// name), the upload in progress and the file's error.
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { FormFile, PageKind } from './storyEditorState.ts';

interface FileDropProps {
  kind: PageKind;
  file: FormFile | null;
  uploading: boolean;
  error: string | null;
  onFile: (file: File) => void;
}

const ACCEPT: Record<PageKind, string> = {
  image: 'image/jpeg,image/png,image/gif,image/webp',
  video: 'video/mp4',
};

export function FileDrop({ kind, file, uploading, error, onFile }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const pick = (files: FileList | null) => {
    const first = files?.[0];
    if (first) onFile(first);
  };
  const className = ['hc-se-drop', over ? 'is-over' : '', error ? 'is-invalid' : '', file ? 'has-file' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={className}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!uploading) pick(e.dataTransfer.files);
      }}
      data-testid={`se-${kind}-drop`}
    >
      <input
        ref={input}
        type="file"
        accept={ACCEPT[kind]}
        hidden
        onChange={(e) => {
          pick(e.target.files);
          e.target.value = '';
        }}
        data-testid={`se-${kind}-input`}
      />
      {uploading ? (
        <div className="hc-se-drop__state">
          <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="4" aria-label="Uploading" />
          <span>Uploading…</span>
        </div>
      ) : file ? (
        <div className="hc-se-drop__file" data-testid={`se-${kind}-file`}>
          {kind === 'image' ? (
            <img src={file.url} alt="" className="hc-se-drop__thumb" />
          ) : (
            <span className="hc-se-drop__icon pi pi-video" aria-hidden="true" />
          )}
          <span className="hc-se-drop__name" title={file.name}>
            {file.name}
          </span>
          <Button
            type="button"
            label="Replace"
            size="small"
            text
            onClick={() => input.current?.click()}
            data-testid={`se-${kind}-replace`}
          />
        </div>
      ) : (
        <div className="hc-se-drop__state">
          <i className={kind === 'image' ? 'pi pi-image' : 'pi pi-video'} aria-hidden="true" />
          <span>
            Drop {kind === 'image' ? 'an image or GIF' : 'an MP4 video'} here, or{' '}
            <button
              type="button"
              className="hc-se-link"
              onClick={() => input.current?.click()}
              data-testid={`se-${kind}-browse`}
            >
              browse
            </button>
          </span>
          {kind === 'video' && (
            <small className="hc-se-muted">
              MP4, horizontal, 720x480 to 1920x1080, 4 to 30 s, up to 10 MB
            </small>
          )}
        </div>
      )}
      {error && (
        <small className="hc-se-error" data-testid={`se-${kind}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}
