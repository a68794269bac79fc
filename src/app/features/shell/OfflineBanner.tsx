import { Trans } from "@lingui/react/macro";
import { useOnlineStatus } from "./use-online-status";

/**
 * "You are offline". The live region stays mounted so the change is announced; the menu and
 * pages already opened keep working from the service worker's cache.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <div className="offline-banner" role="status" data-offline={!online || undefined}>
      {!online && (
        <p>
          <strong>
            <Trans>You are offline.</Trans>
          </strong>{" "}
          <Trans>You can still browse what you have already opened.</Trans>
        </p>
      )}
    </div>
  );
}
