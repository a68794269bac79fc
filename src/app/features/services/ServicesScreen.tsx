/**
 * Services screen (spec §2 "services", /menu/:tableId): the store, the guest's spot and its services,
 * with how many there are when more than one (the store's numberOfServices, counted for this spot).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { TableResponse } from "../../../domain/api";
import { pickTranslation } from "../../../domain/languages";
import { spotOpensTables } from "../../../domain/table-openings";
import { useLanguage } from "../../i18n/language-store";
import { useFirstScreenShown } from "../../navigation/first-screen";
import { useSession } from "../../session/use-session";
import { SpotBadge } from "../../venue/SpotBadge";
import { usePageTitle } from "../shell/use-page-title";
import { ServiceCard } from "./ServiceCard";
import "./services.css";

export function ServicesScreen({ table }: { table: TableResponse }) {
  const { t } = useLingui();
  const language = useLanguage();
  const store = pickTranslation(table.store.names, language.ui, language.extra);
  usePageTitle(store.name);

  return (
    <section className="page services" aria-labelledby="services-title">
      <div className="services__intro">
        <h1 id="services-title" className="page__title">
          {store.name}
        </h1>
        <SpotBadge spot={table.spot} />
        {store.details && <p className="services__details">{store.details}</p>}
        <BillLink spot={table.spot} />
      </div>
      {table.services.length === 0 ? (
        <div className="empty-state card">
          <h2 className="empty-state__heading">
            <Trans>Nothing to order from here right now</Trans>
          </h2>
          <p className="empty-state__body">
            <Trans>The venue has no service for this spot at the moment. Please ask a member of staff.</Trans>
          </p>
        </div>
      ) : (
        <>
          <h2 className="services__heading">{t`What would you like?`}</h2>
          <ServicesCount count={table.store.numberOfServices} />
          <ul className="services__list">
            {table.services.map((service, index) => (
              <li key={service.serviceId}>
                <ServiceCard service={service} store={table.store} spot={table.spot} priority={index === 0} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * Where a spot sees several services, how many, and that each has its own menu; a spot with one
 * service needs no such word (its one card is the menu's door).
 */
function ServicesCount({ count }: { count: number }) {
  if (count <= 1) return null;
  return (
    <p className="services__count">
      <Trans>{count} services: tap one to see its menu</Trans>
    </p>
  );
}

/**
 * "The bill" for a signed-in guest at a spot whose orders run a table's bill (not delivery, not the
 * waiters' PDA spot). Only a link: the bill screen is a lazy route of its own, out of this first
 * load; the session is read once the first screen is up, as the header's account button does.
 */
function BillLink({ spot }: { spot: TableResponse["spot"] }) {
  const session = useSession(useFirstScreenShown());
  if (session?.user.role !== "GUEST" || spot.isPda || !spotOpensTables(spot.type)) return null;
  return (
    <Link to="/menu/$tableId/bill" params={{ tableId: spot.id }} className="button button--quiet services__bill">
      <Trans>The bill</Trans>
    </Link>
  );
}
