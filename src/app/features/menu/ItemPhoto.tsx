import { useState } from "react";
import { photoUrl } from "../../venue/photo-url";

interface ItemPhotoProps {
  photo: string;
  /** Reserved box (CSS pixels), so nothing jumps while the image arrives on a slow connection. */
  width?: number;
  height?: number;
  className?: string;
  /**
   * One of the first rows a guest sees: fetched at once and first, as the page's
   * largest paint; the others wait until scrolled near.
   */
  priority?: boolean;
}

/**
 * An item's photo: lazy unless in the first rows, with its size reserved, and gone without a trace when it fails to load
 * (spec §2: photo hidden on failed load).
 */
export function ItemPhoto({
  photo,
  width = 96,
  height = width,
  className = "menu-item__photo",
  priority = false,
}: ItemPhotoProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className={className}
      src={photoUrl(photo)}
      alt=""
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
