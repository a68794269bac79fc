import { useLingui } from "@lingui/react/macro";
import type { SpotDto } from "../../domain/api";
import { useLanguage } from "../i18n/language-store";
import { spotLabel } from "./spot-label";

/** Where the guest is sitting, in the UI language: "Ομπρέλα 12" / "Umbrella 12"; a bare "12" gets its kind in front. */
export function SpotBadge({ spot }: { spot: SpotDto }) {
  const { i18n } = useLingui();
  const { ui } = useLanguage();
  const label = spotLabel(spot, ui, (descriptor) => i18n._(descriptor));
  return (
    <span className="chip spot-badge">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 2a8 8 0 018 8c0 5.5-8 12-8 12S4 15.5 4 10a8 8 0 018-8zm0 5a3 3 0 100 6 3 3 0 000-6z"
          fill="currentColor"
        />
      </svg>
      {label}
    </span>
  );
}
