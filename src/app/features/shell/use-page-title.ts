import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { useTitleBadge, withTitleBadge } from "./title-badge";

/** Sets the document title ("Menu · Κύμα"), which screen readers announce on navigation. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useLingui();
  const appName = t`Kyma`;
  const badge = useTitleBadge();
  useEffect(() => {
    document.title = withTitleBadge(title ? `${title} · ${appName}` : appName, badge);
  }, [title, appName, badge]);
}
