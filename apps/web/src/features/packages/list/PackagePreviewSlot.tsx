// SLOT: the package preview of the drawer. The embed person's <PackagePreview> (../preview/PackagePreview.tsx)
// goes here once it lands; until then a still of the first highlight stands in. Not a player.
import type { Package } from '@hc/shared/api/packages';

export function PackagePreviewSlot({ pkg }: { pkg: Package }) {
  const first = pkg.highlights[0];
  return (
    <div className="hc-package-preview-slot" data-testid="package-drawer-preview">
      {first && <img src={first.thumbnail} alt={first.title} />}
    </div>
  );
}
