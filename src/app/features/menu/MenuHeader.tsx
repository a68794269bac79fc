/** The top of a service's screens: its name, the guest's spot, and open/closed now with its hours. */
import type { ReactNode } from "react";
import type { ServiceDto, SpotDto } from "../../../domain/api";
import { SpotBadge } from "../../venue/SpotBadge";
import { hoursRange } from "../services/service-hours";
import { OpenState, OrderingNoteText } from "./ServiceStatusText";
import type { ServiceStatus } from "./service-status";

interface MenuHeaderProps {
  title: ReactNode;
  titleId: string;
  spot: SpotDto;
  service: ServiceDto;
  status: ServiceStatus | null;
}

export function MenuHeader({ title, titleId, spot, service, status }: MenuHeaderProps) {
  const hours = hoursRange(service.hours);
  return (
    <div className="menu__intro">
      <h1 id={titleId} className="page__title">
        {title}
      </h1>
      <SpotBadge spot={spot} />
      {/* Always there and two lines high (menu.css): the open/closed verdict arrives after the
          first render (use-live-rules.ts) and must not push the menu down (CLS). */}
      <p className="menu__status">
        {status ? (
          <>
            <OpenState status={status} /> <OrderingNoteText status={status} />
          </>
        ) : (
          hours
        )}
      </p>
    </div>
  );
}
