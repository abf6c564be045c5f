// The live 9:16 preview: the source video's current frame cropped to the window the render will take at
// that frame (after its smoothing) and drawn on a canvas beside the source, as it plays or is scrubbed:
// the reviewer sees the vertical result without rendering it. The chosen player's safe areas lie on top.
import { useEffect, useRef } from 'react';
import { Tag } from 'primereact/tag';
import { cropWindowAt, type KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { upscaleOf } from '@hc/shared/vertical/crop-path';
import { SAFE_AREAS, zoneRect, type SafeAreaChoice } from './safeAreas.ts';

export interface LivePreviewProps {
  video: HTMLVideoElement | null;
  /** The path the render follows (the file after smoothKeyframeFile). */
  path: KeyframeFile;
  frame: number;
  safeArea: SafeAreaChoice;
  /** The smallest crop height the render accepts. */
  minCropHeight: number;
}

/** CSS pixels of the preview's height; its width follows the output's shape. */
const PREVIEW_HEIGHT = 320;

export function LivePreview({ video, path, frame, safeArea, minCropHeight }: LivePreviewProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const crop = cropWindowAt(path, frame);
  const width = Math.round((PREVIEW_HEIGHT * path.output_vertical_width) / path.output_vertical_height);
  const tooSmall = crop.height < minCropHeight;

  useEffect(() => {
    const element = canvas.current;
    if (!element || !video) return;
    const draw = () => {
      const context = element.getContext('2d');
      if (!context) return;
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
        context.fillStyle = '#0f172a';
        context.fillRect(0, 0, element.width, element.height);
        return;
      }
      context.imageSmoothingQuality = 'high';
      context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, element.width, element.height);
    };
    draw();
    // The frame on screen may arrive after the playhead moved (a seek decodes first).
    video.addEventListener('seeked', draw);
    video.addEventListener('loadeddata', draw);
    return () => {
      video.removeEventListener('seeked', draw);
      video.removeEventListener('loadeddata', draw);
    };
  }, [video, crop.x, crop.y, crop.width, crop.height, frame]);

  const ratio = typeof globalThis.devicePixelRatio === 'number' ? globalThis.devicePixelRatio : 1;
  const zones = safeArea === 'off' ? [] : SAFE_AREAS[safeArea].zones;
  return (
    <figure className="hc-fe-preview" data-testid="fe-preview" data-frame={frame}>
      <div className="hc-fe-preview__frame" style={{ width, height: PREVIEW_HEIGHT }}>
        <canvas
          ref={canvas}
          width={Math.round(width * ratio)}
          height={Math.round(PREVIEW_HEIGHT * ratio)}
          style={{ width, height: PREVIEW_HEIGHT }}
          className="hc-fe-preview__canvas"
          data-testid="fe-preview-canvas"
          data-crop={`${crop.x},${crop.y},${crop.width},${crop.height}`}
          aria-label="9:16 preview of the current path"
          role="img"
        />
        {zones.map((zone) => {
          const r = zoneRect(zone, { x: 0, y: 0, width, height: PREVIEW_HEIGHT });
          return (
            <div
              key={zone.label}
              className="hc-fe-preview__zone"
              data-testid="fe-safe-zone"
              style={{ left: r.x, top: r.y, width: r.width, height: r.height }}
            >
              <span>{zone.label}</span>
            </div>
          );
        })}
      </div>
      <figcaption className="hc-fe-preview__caption hc-num">
        <span>
          {path.output_vertical_width}×{path.output_vertical_height} · crop {crop.width}×{crop.height}
        </span>
        <Tag
          value={`${upscaleOf(path, crop.height).toFixed(1)}×`}
          severity={tooSmall ? 'danger' : 'secondary'}
          title={tooSmall ? 'Enlarged more than the render accepts' : 'How much the render enlarges the crop'}
          data-testid="fe-preview-upscale"
        />
      </figcaption>
    </figure>
  );
}
