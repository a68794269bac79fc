/**
 * The item's description, clamped to three lines with "Read more" / "Read less" (spec §2, §9
 * "Description clamp 3 lines"). The toggle appears only when the text is really cut: the clamp is
 * CSS, and the overflow is measured after layout and on every resize.
 */
import { Trans } from "@lingui/react/macro";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { DESCRIPTION_CLAMP_LINES } from "../../../domain/constants";

/** `lang`: the text's own language where it is not the page's (content-lang.ts); the toggle keeps the page's. */
export function ItemDescription({ text, lang }: { text: string; lang?: string | undefined }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflowing(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <div className="item-description">
      <p
        id={id}
        ref={ref}
        className="item-description__text"
        lang={lang}
        data-clamped={!expanded || undefined}
        style={{ WebkitLineClamp: expanded ? "unset" : DESCRIPTION_CLAMP_LINES }}
      >
        {text}
      </p>
      {(overflowing || expanded) && (
        <button
          type="button"
          className="item-description__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? <Trans>Read less</Trans> : <Trans>Read more</Trans>}
        </button>
      )}
    </div>
  );
}
