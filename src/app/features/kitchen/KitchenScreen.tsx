/**
 * The kitchen tab of the staff shell: for a waiter, what is ready to carry (live, "Taking it"); for
 * the tablet on a counter, the store's stations to open a display for. A store whose venue file
 * names no station says so, instead of an empty screen.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { pickTranslation } from "../../../domain/languages";
import { useLanguage } from "../../i18n/language-store";
import { usePageTitle } from "../shell/use-page-title";
import { NotAllowedScreen } from "../staff/openings/NotAllowedScreen";
import { useStaffOfStore } from "../staff/openings/use-staff-of-store";
import { KitchenFeed } from "./KitchenFeed";
import { ReadyToCarry } from "./ReadyToCarry";
import { displayStations, useStoreStations } from "./store-stations";
import "./kitchen.css";

interface KitchenScreenProps {
  storeId: number;
  /** The terminal's own spot (the PDA link it was opened from). */
  tableId: number;
}

export function KitchenScreen(props: KitchenScreenProps) {
  const access = useStaffOfStore(props.storeId);
  if (access.kind === "loading") return null;
  if (access.kind === "not-allowed") return <NotAllowedScreen />;
  return <KitchenHub {...props} />;
}

function KitchenHub({ storeId, tableId }: KitchenScreenProps) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  usePageTitle(t`Kitchen and bar`);
  const stations = useStoreStations(storeId);
  const displays = stations === null ? [] : displayStations(stations);

  return (
    <section className="page kitchen-hub" aria-labelledby="page-title">
      {/* The shell leaves the kitchen feed to this screen, as it leaves the live orders' to theirs. */}
      {stations !== null && stations.length > 0 && <KitchenFeed storeId={storeId} stations={stations} />}
      <h1 id="page-title" className="page__title">
        <Trans>Kitchen and bar</Trans>
      </h1>
      {stations === null && (
        <p aria-busy="true">
          <Trans>Loading stations…</Trans>
        </p>
      )}
      {stations !== null && stations.length === 0 && (
        <p className="card kitchen-hub__none">
          <Trans>This store has no kitchen or bar stations: orders are not sent to a display or printer.</Trans>
        </p>
      )}
      {stations !== null && stations.length > 0 && <ReadyToCarry storeId={storeId} />}
      {displays.length > 0 && (
        <nav className="kitchen-hub__stations" aria-labelledby="kitchen-stations-title">
          <h2 id="kitchen-stations-title" className="ready-to-carry__title">
            <Trans>Station displays</Trans>
          </h2>
          <p className="kitchen-hub__hint">
            <Trans>On the tablet at a station's counter: open its display.</Trans>
          </p>
          <ul className="kitchen-hub__station-list">
            {displays.map((station) => (
              <li key={station.id}>
                <Link
                  className="button kitchen-hub__station"
                  to="/kitchen/for-store/$storeId/$tableId/$stationId"
                  params={{ storeId, tableId, stationId: station.id }}
                >
                  {pickTranslation(station.names, ui).name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
