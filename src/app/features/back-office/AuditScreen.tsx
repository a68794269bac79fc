/**
 * The back office's audit list: who changed what and when in the store, newest first, with the
 * value before and after each change, a page at a time ("Older changes" reads the next page).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import type { AuditEntry } from "../../../domain/staff-admin-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { AccountMessage } from "../entrance/AccountMessage";
import { fetchAuditPage } from "./back-office-api";

export function AuditScreen({ storeId }: { storeId: number }) {
  const { i18n } = useLingui();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);

  const read = useCallback(
    async (before: number | null) => {
      setBusy(true);
      setError(null);
      try {
        const page = await fetchAuditPage(storeId, before);
        setEntries((shown) => (before === null ? page.entries : [...(shown ?? []), ...page.entries]));
        setNext(page.next);
      } catch (thrown) {
        setError(errorTextOf(thrown));
      } finally {
        setBusy(false);
      }
    },
    [storeId],
  );

  useEffect(() => {
    void read(null);
  }, [read]);

  const when = (at: string) =>
    new Date(at).toLocaleString(i18n.locale === "el" ? "el-GR" : "en-GB", {
      timeZone: "Europe/Athens",
      dateStyle: "short",
      timeStyle: "short",
    });

  return (
    <section aria-labelledby="back-office-audit" aria-busy={busy}>
      <h2 id="back-office-audit">
        <Trans>Who changed what and when</Trans>
      </h2>
      <AccountMessage message={error && { tone: "error", text: error }} />
      {entries === null ? (
        !error && (
          <p>
            <Trans>Loading…</Trans>
          </p>
        )
      ) : entries.length === 0 ? (
        <p>
          <Trans>No changes yet.</Trans>
        </p>
      ) : (
        <ol className="back-office__audit">
          {entries.map((entry) => (
            <li key={entry.id} className="card back-office__audit-entry">
              <p>
                <Trans>
                  {when(entry.at)}: {entry.actor.name} — {entry.action} — {entry.subject.label}
                </Trans>
              </p>
              <dl>
                <dt>
                  <Trans>Before</Trans>
                </dt>
                <dd>
                  <code>{shown(entry.before)}</code>
                </dd>
                <dt>
                  <Trans>After</Trans>
                </dt>
                <dd>
                  <code>{shown(entry.after)}</code>
                </dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
      {next !== null && (
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => void read(next)}>
          <Trans>Older changes</Trans>
        </button>
      )}
      {error !== null && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void read(entries === null ? null : next)}
        >
          <Trans>Try again</Trans>
        </button>
      )}
    </section>
  );
}

/** A before or after value as the admin reads it: JSON, or a dash when there was none. */
function shown(value: unknown): string {
  return value === null || value === undefined ? "—" : JSON.stringify(value);
}
