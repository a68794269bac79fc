import { useMemo } from "react";
import type { ServiceDto, SpotDto, StoreDto } from "../../../domain/api";
import { useAthensNow } from "../../clock/use-athens-now";
import type { ServiceStatus } from "./service-status";
import { useLiveRules } from "./use-live-rules";

/** The service's status now, updated each minute; null until the clock and the rules are there. */
export function useServiceStatus(
  service: ServiceDto,
  store: Pick<StoreDto, "readOnly">,
  spot: Pick<SpotDto, "type">,
): ServiceStatus | null {
  const now = useAthensNow();
  const live = useLiveRules();
  const readOnly = store.readOnly;
  const spotType = spot.type;
  return useMemo(
    () =>
      now === null || live === null
        ? null
        : live.serviceStatusAt(service, { readOnly }, spotType, now.time, undefined, now.epochMs),
    [now, live, service, readOnly, spotType],
  );
}
