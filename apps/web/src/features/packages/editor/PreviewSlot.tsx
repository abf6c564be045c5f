// SLOT: stands in for the embed person's <PackagePreview> (../preview/PackagePreview.tsx) until it lands;
// EditorPreview then imports it directly and this file goes. A still strip of the thumbnails, not a player.
import type { PreviewPackage } from './EditorPreview.tsx';

export function PackagePreview({ pkg }: { pkg: PreviewPackage }) {
  return (
    <div className="hc-pe-preview-slot" data-testid="pe-preview-slot">
      {pkg.highlights.map((h) => (
        <img key={h.id} src={h.thumbnail} alt={h.title} />
      ))}
    </div>
  );
}
