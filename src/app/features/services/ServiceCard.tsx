import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { ServiceDto, SpotDto, StoreDto } from "../../../domain/api";
import { pickTranslation } from "../../../domain/languages";
import { useLanguage } from "../../i18n/language-store";
import { photoUrl } from "../../venue/photo-url";
import { OpenState, OrderingNoteText } from "../menu/ServiceStatusText";
import { useServiceStatus } from "../menu/use-service-status";
import { ServiceKindMark } from "./ServiceKindMark";
import { hoursRange } from "./service-hours";

interface ServiceCardProps {
  service: ServiceDto;
  store: StoreDto;
  spot: SpotDto;
  /** The first card: its photo is the screen's largest paint. */
  priority?: boolean;
}

/** A service of the guest's spot: photo, kind, name, hours, and whether it is open now (spec §2 services). */
export function ServiceCard({ service, store, spot, priority = false }: ServiceCardProps) {
  const language = useLanguage();
  const status = useServiceStatus(service, store, spot);
  const tableId = spot.id;
  const text = pickTranslation(service.names, language.ui, language.extra);
  const hours = hoursRange(service.hours);
  const [photoFailed, setPhotoFailed] = useState(false);

  return (
    <Link to="/$service/$tableId" params={{ service: service.slug, tableId }} className="service-card card">
      {service.photo && !photoFailed ? (
        <img
          className="service-card__photo"
          src={photoUrl(service.photo)}
          alt=""
          width={640}
          height={360}
          // The first card's photo is the services screen's largest paint: fetched at once and first.
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          onError={() => setPhotoFailed(true)}
        />
      ) : (
        <div className="service-card__photo service-card__photo--none" aria-hidden="true" />
      )}
      <div className="service-card__body">
        <ServiceKindMark type={service.type} serviceName={text.name} />
        <h2 className="service-card__name">{text.name}</h2>
        {text.details && <p className="service-card__details">{text.details}</p>}
        <p className="service-card__hours">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {hours ? (
            <span>
              <span className="visually-hidden">
                <Trans>Hours:</Trans>{" "}
              </span>
              {hours}
            </span>
          ) : (
            <Trans>Always open</Trans>
          )}
        </p>
        {status && (
          <p className="service-card__status">
            <OpenState status={status} /> <OrderingNoteText status={status} />
          </p>
        )}
      </div>
      <svg className="service-card__arrow" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
    </Link>
  );
}
