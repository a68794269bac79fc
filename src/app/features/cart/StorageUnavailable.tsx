import { Trans } from "@lingui/react/macro";

/** Said wherever the cart cannot be kept (IndexedDB refused, e.g. by some private-browsing modes). */
export function StorageUnavailable({ className }: { className: string }) {
  return (
    <p className={className} role="alert">
      <Trans>
        This browser does not let the app keep a cart (private browsing may block it). Please order from a member of
        staff.
      </Trans>
    </p>
  );
}
