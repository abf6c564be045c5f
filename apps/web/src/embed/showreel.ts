// The Top Videos showreel as plain DOM in a shadow root: one muted inline video playing the highlights in
// order (advancing on 'ended', looping), and a row of thumbnails showing which one plays (a click jumps).
// Both the public player (player.ts) and the console's preview mount it, so the preview is the embed.
import { nextIndex, type ShowreelItem } from './playlist.ts';
import { SHOWREEL_CSS } from './styles.ts';

export interface ShowreelController {
  /** Replaces the highlights and starts again from the first (an empty list shows a skeleton). */
  update(items: readonly ShowreelItem[]): void;
  /** Plays (again) after pause(); also lifts the hold pause() puts on autoplay. */
  play(): void;
  /** Pauses and keeps the showreel paused until play() or a click on a highlight. */
  pause(): void;
  /** Replaces the showreel with a small neutral note (load failures). */
  showMessage(text: string): void;
  /** Stops the video, releases its download and empties the shadow root. */
  destroy(): void;
}

/** Placeholders while the package loads, so the page does not jump when it arrives. */
const SKELETON_ITEMS = 4;
/** Share of the showreel that must be on screen for it to play. */
const VISIBLE_SHARE = 0.25;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** Renders the showreel into `host`'s (open) shadow root, reusing one already attached. */
export function mountShowreel(host: HTMLElement, items: readonly ShowreelItem[]): ShowreelController {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = el('style', '', SHOWREEL_CSS);

  const video = el('video');
  video.muted = true;
  video.defaultMuted = true;
  video.playsInline = true;
  video.preload = 'auto';
  // Anonymous CORS mode: media loads never carry the console's cookies (the server allows any origin).
  video.crossOrigin = 'anonymous';
  // Attributes as well as properties: autoplay policies and iOS read the markup.
  for (const name of ['muted', 'playsinline', 'disablepictureinpicture', 'disableremoteplayback'])
    video.setAttribute(name, '');
  const badge = el('span', 'badge');
  const now = el('span', 'now');
  const progress = el('i');

  let list: readonly ShowreelItem[] = [];
  let buttons: HTMLButtonElement[] = [];
  let index = 0;
  let held = false;
  let visible = true;
  let failures = 0;

  const start = () => {
    if (held || !visible || !list.length) return;
    // A rejected play() (autoplay refused, or a newer load) leaves the poster showing; never throw.
    video.play().catch(() => undefined);
  };

  const go = (i: number) => {
    const item = list[i];
    if (!item) return;
    index = i;
    video.poster = item.thumbnail;
    video.src = item.video_url;
    video.dataset.itemId = String(item.id);
    video.setAttribute('aria-label', item.title);
    badge.textContent = `${i + 1} / ${list.length}`;
    now.textContent = item.title;
    progress.style.transform = 'scaleX(0)';
    buttons.forEach((button, n) => button.setAttribute('aria-current', String(n === i)));
    // Keep the playing item in sight on narrow widths, scrolling the row only (never the host page).
    const row = buttons[i]?.parentElement;
    row?.parentElement?.scrollTo({
      left: row.offsetLeft - row.parentElement.clientWidth / 2 + row.clientWidth / 2,
    });
    start();
  };

  const render = () => {
    const reel = el('div', list.length ? 'reel' : 'reel skeleton');
    reel.setAttribute('role', 'region');
    reel.setAttribute('aria-label', 'Top Videos');
    const stage = el('div', 'stage');
    const rows = el('ol', 'list');
    buttons = [];
    if (list.length) {
      const shade = el('div', 'shade');
      shade.append(badge, now);
      const bar = el('div', 'bar');
      bar.append(progress);
      stage.append(video, shade, bar);
      list.forEach((item, n) => {
        const button = el('button', 'item');
        button.type = 'button';
        button.title = item.title;
        const thumb = el('span', 'thumb');
        if (item.thumbnail) {
          const img = el('img');
          img.alt = '';
          img.loading = 'lazy';
          img.decoding = 'async';
          img.crossOrigin = 'anonymous';
          img.src = item.thumbnail;
          thumb.append(img);
        }
        thumb.append(el('span', 'num', String(n + 1)));
        button.append(thumb, el('span', 'name', item.title));
        button.addEventListener('click', () => {
          held = false;
          go(n);
        });
        buttons.push(button);
        const li = el('li');
        li.append(button);
        rows.append(li);
      });
    } else {
      for (let n = 0; n < SKELETON_ITEMS; n++) {
        const li = el('li');
        li.append(el('span', 'thumb'), el('span', 'name'));
        rows.append(li);
      }
    }
    reel.append(stage, rows);
    root.replaceChildren(style, reel);
  };

  video.addEventListener('ended', () => {
    failures = 0;
    go(nextIndex(index, list.length));
  });
  video.addEventListener('playing', () => {
    failures = 0;
  });
  // A broken clip is skipped; when every clip fails the showreel stops on its poster.
  video.addEventListener('error', () => {
    if (++failures < list.length) go(nextIndex(index, list.length));
  });
  video.addEventListener('timeupdate', () => {
    const share = video.duration > 0 ? Math.min(1, video.currentTime / video.duration) : 0;
    progress.style.transform = `scaleX(${share})`;
  });
  video.addEventListener('click', () => {
    if (!video.paused) return;
    held = false;
    start();
  });

  // Off screen it waits, so a showreel far down a page neither plays nor downloads unseen.
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            visible = entries.some((entry) => entry.isIntersecting);
            if (visible) start();
            else video.pause();
          },
          { threshold: VISIBLE_SHARE },
        )
      : null;
  observer?.observe(host);

  const stopVideo = () => {
    video.pause();
    video.removeAttribute('src');
    video.load();
  };

  const controller: ShowreelController = {
    update(next) {
      list = next.slice();
      failures = 0;
      render();
      if (list.length) go(0);
      else stopVideo();
    },
    play() {
      held = false;
      start();
    },
    pause() {
      held = true;
      video.pause();
    },
    showMessage(text) {
      list = [];
      stopVideo();
      root.replaceChildren(style, el('p', 'note', text));
    },
    destroy() {
      observer?.disconnect();
      list = [];
      stopVideo();
      root.replaceChildren();
    },
  };
  controller.update(items);
  return controller;
}
