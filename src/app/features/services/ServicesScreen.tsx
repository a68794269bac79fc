/** Services screen (spec §2 "services", /menu/:tableId): the store, the guest's spot and its services. */
import { Trans, useLingui } from "@lingui/react/macro";
import type { TableResponse } from "../../../domain/api";
import { pickTranslation } from "../../../domain/languages";
import { useLanguage } from "../../i18n/language-store";
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
