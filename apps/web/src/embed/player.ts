// The public Top Videos player (built alone into dist/embed/player.js, served at /embed/player.js).
// Snippet: <script async src="{origin}/embed/player.js" data-account-id="{publisher_id}"></script>
//          <div class="hc-top-videos" data-embed-id="{embed_id}"></div>
// Every wrapper gets the package's showreel, read fresh at each page load from the script's own origin
// without cookies; nothing is stored and nothing is thrown into the host page.
import { embedDataUrl, parseEmbedPackage } from './playlist.ts';
import { mountShowreel, type ShowreelController } from './showreel.ts';

const WRAPPER_SELECTOR = '.hc-top-videos[data-embed-id]';
/** Marks a wrapper this or an earlier copy of the script has taken, so a second include adds nothing. */
const STATE_ATTRIBUTE = 'data-hc-state';
const UNAVAILABLE = 'Videos are unavailable right now.';

// Only readable while the script first runs (async classic scripts included); later it is null.
const ownScript =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-account-id][src*="/embed/player.js"]');

async function load(host: HTMLElement, origin: string, account: string): Promise<void> {
  host.setAttribute(STATE_ATTRIBUTE, 'loading');
  const embedId = host.getAttribute('data-embed-id') ?? '';
  let reel: ShowreelController | undefined;
  try {
    reel = mountShowreel(host, []);
    if (!account || !embedId) throw new Error('the snippet lacks its account or embed id');
    // no-cache: revalidate, so a package saved a moment ago plays its new highlights on this load.
    const dataUrl = embedDataUrl(origin, embedId, account);
    const response = await fetch(dataUrl, {
      credentials: 'omit',
      mode: 'cors',
      cache: 'no-cache',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    // Media URLs may be relative to the console (no public address configured there): resolve them
    // against the data's address, never against the publisher's page.
    const items = parseEmbedPackage(await response.json(), dataUrl);
    if (!items?.length) throw new Error('no playable highlights');
    reel.update(items);
    host.setAttribute(STATE_ATTRIBUTE, 'ready');
  } catch (error) {
    reel?.showMessage(UNAVAILABLE);
    host.setAttribute(STATE_ATTRIBUTE, 'error');
    console.warn(
      `Top Videos "${embedId}" could not be shown:`,
      error instanceof Error ? error.message : error,
    );
  }
}

function mountAll(): void {
  if (!ownScript?.src) return;
  const origin = new URL(ownScript.src, location.href).origin;
  const account = ownScript.getAttribute('data-account-id') ?? '';
  document.querySelectorAll<HTMLElement>(WRAPPER_SELECTOR).forEach((host) => {
    if (host.hasAttribute(STATE_ATTRIBUTE) || host.shadowRoot) return;
    load(host, origin, host.getAttribute('data-account-id') ?? account).catch(() => undefined);
  });
}

function safely(run: () => void): void {
  try {
    run();
  } catch {
    // The host page is not ours to break.
  }
}

// The snippet's script comes before its wrapper and is async: take what exists now and, while the page
// is still parsing, whatever follows once it has been parsed.
safely(mountAll);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => safely(mountAll));
