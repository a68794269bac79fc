/**
 * Open tables / open rooms (spec §2): every open opening of the store,
 * grouped by section in floor order, the oldest on top of each section; each a big card with the
 * spot (named in the UI language; sections in the venue file's one language), how long it has been
 * open, its seats ("4 seats", where the venue file gives them), what it still owes, and marks for pending orders and for a minimum consumption not reached.
 * Re-read every few seconds, so new tables appear without a reload; offline, the last list stays
 * with the time it was lost.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useCallback, useRef } from "react";
import { pickTranslation } from "../../../../domain/languages";
import { groupBySection, type OpeningsListKind } from "../../../../domain/table-openings";
import { seatsOf } from "../../../../domain/table-picker";
import { fetchOpenOpenings } from "../../../api/staff-openings";
import { formatAthensTime } from "../../../i18n/athens-date-time";
import { useLanguage } from "../../../i18n/language-store";
import { formatPrice } from "../../../i18n/money";
import { usePageTitle } from "../../shell/use-page-title";
import { useServerNow } from "../live/server-now";
import { NotAllowedScreen } from "./NotAllowedScreen";
import { openingErrorText } from "./opening-errors";
import { usePolled } from "./use-polled";
import { useStaffOfStore } from "./use-staff-of-store";
import { useStoreTopics } from "./use-store-topics";
import "./openings.css";

/** How often the list is read again while the live stream is down: a new table shows within this. */
export const OPENINGS_REFRESH_MS = 4_000;
/** Beside a working stream, a backup read now and then. */
export const BACKUP_REFRESH_MS = 30_000;

interface OpenOpeningsScreenProps {
  storeId: number;
  /** The terminal's own spot (the PDA link it was opened from). */
  tableId: number;
  kind: OpeningsListKind;
}

export function OpenOpeningsScreen(props: OpenOpeningsScreenProps) {
  const access = useStaffOfStore(props.storeId);
  if (access.kind === "loading") return null;
  if (access.kind === "not-allowed") return <NotAllowedScreen />;
  return <OpeningsBoard {...props} isAdmin={access.isAdmin} />;
}

function OpeningsBoard({ storeId, tableId, kind, isAdmin }: OpenOpeningsScreenProps & { isAdmin: boolean }) {
  const { t, i18n } = useLingui();
  const { ui } = useLanguage();
  const title = kind === "rooms" ? t`Open rooms` : t`Open tables`;
  usePageTitle(title);
  const load = useCallback(() => fetchOpenOpenings(kind), [kind]);
  // Every message of the store's topics reads the list again; polling is the fallback.
  const reloadRef = useRef(() => {});
  const { connected } = useStoreTopics(storeId, () => reloadRef.current());
  const { data, error, offlineSince, reload } = usePolled(
    load,
    connected ? BACKUP_REFRESH_MS : OPENINGS_REFRESH_MS,
    // Kept on the device: reloaded offline, the PDA still shows the last known tables, not an empty screen.
    // "v2": spots carry their names per language; a list kept by an older app (one name) is not read.
    `openings:v2:${kind}:${storeId}`,
  );
  reloadRef.current = () => void reload();
  const now = useServerNow(30_000);
  const base =
    kind === "rooms" ? "/open-rooms/for-store/$storeId/$tableId" : "/open-tables/for-store/$storeId/$tableId";

  const groups = data === null ? [] : groupBySection(data.openings, data.sections);
  return (
    <section className="page openings" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <nav className="openings__nav" aria-label={t`Staff screens`}>
        <Link
          className="button button--quiet"
          to={kind === "rooms" ? "/open-tables/for-store/$storeId/$tableId" : "/open-rooms/for-store/$storeId/$tableId"}
          params={{ storeId, tableId }}
        >
          {kind === "rooms" ? <Trans>Open tables</Trans> : <Trans>Open rooms</Trans>}
        </Link>
        {isAdmin && (
          <Link
            className="button button--quiet"
            to="/day-summary/for-store/$storeId/$tableId"
            params={{ storeId, tableId }}
          >
            <Trans>Day summary</Trans>
          </Link>
        )}
      </nav>
      {offlineSince !== null && (
        <p className="openings__offline" role="status">
          <Trans>Offline since {formatAthensTime(offlineSince.toISOString(), ui)}: showing the last known tables</Trans>
        </p>
      )}
      {error !== null && <p role="alert">{openingErrorText(error, i18n, ui)}</p>}
      {data === null && error === null && offlineSince === null && (
        <p aria-busy="true">
          <Trans>Loading tables…</Trans>
        </p>
      )}
      {data !== null && data.openings.length === 0 && (
        <p className="card openings__empty">
          {kind === "rooms" ? <Trans>No open rooms right now.</Trans> : <Trans>No open tables right now.</Trans>}
        </p>
      )}
      {groups.map((group) => (
        <section key={group.section} className="openings__section" aria-label={group.section || t`Other`}>
          <h2 className="openings__section-title">{group.section || <Trans>Other</Trans>}</h2>
          <ul className="openings__grid">
            {group.openings.map((opening) => (
              <li key={opening.id}>
                <Link
                  className="opening-card"
                  to={`${base}/$openingId`}
                  params={{ storeId, tableId, openingId: opening.id }}
                >
                  {/* The name read out is this sentence, then the minutes and badges; an aria-label
                      instead would hide the visible minutes from it (WCAG 2.5.3 label in name). */}
                  <span className="visually-hidden">
                    {t`${pickTranslation(opening.spot.names, ui).name}: owes ${formatPrice(opening.amounts.remainingCents, ui)}`}
                  </span>
                  <span className="opening-card__spot" aria-hidden="true">
                    {pickTranslation(opening.spot.names, ui).name}
                  </span>
                  <span className="opening-card__owed" aria-hidden="true">
                    {formatPrice(opening.amounts.remainingCents, ui)}
                  </span>
                  <span className="opening-card__meta">
                    <Trans>{minutesSince(opening.openedAt, now)} min</Trans>
                    <SeatsOf capacity={opening.spot.capacity} />
                    {opening.pendingOrders > 0 && (
                      <span className="opening-card__badge">
                        <Trans>{opening.pendingOrders} pending</Trans>
                      </span>
                    )}
                    {opening.minimumConsumption !== null && opening.minimumConsumption.missingCents > 0 && (
                      <span className="opening-card__badge opening-card__badge--minimum">
                        <Trans>Min. −{formatPrice(opening.minimumConsumption.missingCents, ui)}</Trans>
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** "4 seats" for a table whose venue file gives its capacity; nothing otherwise. */
function SeatsOf({ capacity }: { capacity: number | undefined }) {
  const seats = seatsOf(capacity);
  if (seats === null) return null;
  return (
    <span className="opening-card__seats">
      <Plural value={seats} one="# seat" other="# seats" />
    </span>
  );
}

function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}
