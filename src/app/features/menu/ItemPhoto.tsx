import { useState } from "react";
import { photoUrl } from "../../venue/photo-url";

/**
 * An item's photo: lazy, with its size reserved so the list never jumps while images arrive on a
 * slow connection, and gone without a trace when it fails to load (spec: photo hidden on failed load).
 */
export function ItemPhoto({ photo, size = 96 }: { photo: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className="menu-item__photo"
      src={photoUrl(photo)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
