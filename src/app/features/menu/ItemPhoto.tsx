import { useState } from "react";
import { photoUrl } from "../../venue/photo-url";

interface ItemPhotoProps {
  photo: string;
  /** Reserved box (CSS pixels), so nothing jumps while the image arrives on a slow connection. */
  width?: number;
  height?: number;
  className?: string;
}

/**
 * An item's photo: lazy, with its size reserved, and gone without a trace when it fails to load
 * (spec §2: photo hidden on failed load).
 */
export function ItemPhoto({ photo, width = 96, height = width, className = "menu-item__photo" }: ItemPhotoProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className={className}
      src={photoUrl(photo)}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
