// The package and story editors are refused on mobile devices. Our reading of
// "mobile": a device whose primary pointer is coarse (a finger) AND whose viewport is narrower than
// MOBILE_MAX_WIDTH. Both must hold: a narrow desktop window keeps the editor (a mouse can drag), and so
// does a touch laptop or a large tablet in landscape, which has room for the three columns. Drag and drop
// needs a fine pointer to be usable, and the three columns need about 1024 px.

/** Viewports narrower than this (CSS px) count as mobile when the pointer is coarse. */
export const MOBILE_MAX_WIDTH = 1024;

export interface DeviceTraits {
  coarsePointer: boolean;
  viewportWidth: number;
}

/** True when the editor should show 'Editor is not supported on mobile devices'. */
export const isMobileDevice = ({ coarsePointer, viewportWidth }: DeviceTraits): boolean =>
  coarsePointer && viewportWidth < MOBILE_MAX_WIDTH;

/** The current device's traits (for a browser; the media query is the primary pointer's). */
export function readDeviceTraits(): DeviceTraits {
  return {
    coarsePointer: window.matchMedia('(pointer: coarse)').matches,
    viewportWidth: window.innerWidth,
  };
}
