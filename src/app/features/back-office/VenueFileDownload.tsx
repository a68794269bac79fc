/**
 * The store as a venue file, saved from the back office: the same file `venue:import` reads, so an
 * admin keeps a copy of everything the venue changed itself (staff come without PINs). The route
 * needs the admin's tokens, so the file is fetched with them and saved as `{storeId}-venue.json`
 * (a store has no slug; its id is what a venue file names it by).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { errorTextOf, renderErrorText } from "../../api/error-catalogue";
import { AccountMessage, type AccountMessageValue } from "../entrance/AccountMessage";
import { fetchVenueFile } from "./back-office-api";
import { saveAsFile } from "./save-as-file";

export function venueFileName(storeId: number): string {
  return `${storeId}-venue.json`;
}

export function VenueFileDownload({ storeId }: { storeId: number }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);

  async function download() {
    setBusy(true);
    setMessage(null);
    try {
      const file = await fetchVenueFile(storeId);
      saveAsFile(file.blob, venueFileName(storeId));
    } catch (error) {
      const reason = renderErrorText(errorTextOf(error), (descriptor) => i18n._(descriptor));
      setMessage({ tone: "error", text: { verbatim: t`The venue file was not downloaded: ${reason}` } });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="back-office__venue-file">
      <button type="button" className="button button--quiet" disabled={busy} onClick={() => void download()}>
        <Trans>Download the venue file</Trans>
      </button>
      <AccountMessage message={message} />
    </div>
  );
}
