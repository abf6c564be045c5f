// PrimeReact's useStyle sets the text of its shared <style> elements (base, common, global and one per
// component kind) again on every mount of every PrimeReact component, even when the text is unchanged.
// Each write makes Chromium parse the sheet again and restyle the whole document: a component mounted at
// every video frame (the frame editor during playback, the keyframe-editor bench) or the side menu's drawer opening over
// the table (INP in the web-vitals bench) paid a full style recalculation for nothing. A write of the same text is
// skipped; a changed text is written as before.
const PRIMEREACT_STYLE = 'data-primereact-style-id';

export function skipUnchangedPrimeReactStyleWrites(): void {
  const textContent = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
  if (!textContent?.get || !textContent.set) return;
  const { get, set } = textContent;
  Object.defineProperty(HTMLStyleElement.prototype, 'textContent', {
    configurable: true,
    enumerable: textContent.enumerable ?? false,
    get(this: HTMLStyleElement) {
      return get.call(this) as string | null;
    },
    set(this: HTMLStyleElement, text: string | null) {
      if (this.hasAttribute(PRIMEREACT_STYLE) && get.call(this) === text) return;
      set.call(this, text);
    },
  });
}
