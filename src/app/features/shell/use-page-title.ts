import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";

/** Sets the document title ("Menu · Κύμα"), which screen readers announce on navigation. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useLingui();
  const appName = t`Kyma`;
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
