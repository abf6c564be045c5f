// Where the common vertical players cover the picture with their own captions, names and buttons, as
// shares of the 9:16 frame (from the platforms' creator guidance for 1080x1920; the apps move them a little
// between versions, so these are a guide, not a promise). The editor draws them over the 9:16 preview and
// the crop window so a reviewer keeps faces and text out of them.

export type SafeAreaPlayer = 'tiktok' | 'reels' | 'shorts';
export type SafeAreaChoice = SafeAreaPlayer | 'off';

export interface Zone {
  /** What the player shows there. */
  label: string;
  /** Shares of the frame's width and height, from its top-left. */
  x: number;
  y: number;
  width: number;
  height: number;
}

const px = (label: string, x: number, y: number, width: number, height: number): Zone => ({
  label,
  x: x / 1080,
  y: y / 1920,
  width: width / 1080,
  height: height / 1920,
});

export const SAFE_AREAS: Record<SafeAreaPlayer, { name: string; zones: Zone[] }> = {
  tiktok: {
    name: 'TikTok',
    zones: [px('Tabs', 0, 0, 1080, 130), px('Buttons', 960, 700, 120, 740), px('Caption', 0, 1440, 960, 480)],
  },
  reels: {
    name: 'Reels',
    zones: [
      px('Header', 0, 0, 1080, 220),
      px('Buttons', 950, 900, 130, 600),
      px('Caption', 0, 1500, 950, 420),
    ],
  },
  shorts: {
    name: 'Shorts',
    zones: [
      px('Header', 0, 0, 1080, 180),
      px('Buttons', 940, 800, 140, 600),
      px('Caption', 0, 1400, 940, 520),
    ],
  },
};

export const SAFE_AREA_CHOICES: SafeAreaChoice[] = ['off', 'tiktok', 'reels', 'shorts'];

/** The choice after `current` (O cycles through them). */
export const nextSafeArea = (current: SafeAreaChoice): SafeAreaChoice =>
  SAFE_AREA_CHOICES[(SAFE_AREA_CHOICES.indexOf(current) + 1) % SAFE_AREA_CHOICES.length]!;

/** A zone in a box of that size (pixels of the preview or of the crop window). */
export function zoneRect(zone: Zone, box: { x: number; y: number; width: number; height: number }) {
  return {
    x: box.x + zone.x * box.width,
    y: box.y + zone.y * box.height,
    width: zone.width * box.width,
    height: zone.height * box.height,
  };
}
