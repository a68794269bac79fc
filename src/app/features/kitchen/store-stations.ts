/**
 * The store's kitchen and bar stations, as the staff shell and the kitchen screens need them: read
 * once per screen that asks and kept on the device (a lasting read of last-reads.ts), so the
 * kitchen tab and the stations' names are there at once on the next start, offline too. A store
 * with no stations shows no kitchen tab; a store's stations change only with its venue file.
 */
import { useEffect, useState } from "react";
import type { StationDto } from "../../../domain/kitchen-api";
import { fetchStations } from "../../api/kitchen";
import { lastRead, rememberRead } from "../staff/openings/last-reads";

const keyOf = (storeId: number) => `stations:${storeId}`;

/** The stations, or null while they were never read on this device. */
export function useStoreStations(storeId: number): StationDto[] | null {
  const [stations, setStations] = useState(() => lastRead<StationDto[]>(keyOf(storeId))?.data ?? null);
  useEffect(() => {
    let mounted = true;
    setStations(lastRead<StationDto[]>(keyOf(storeId))?.data ?? null);
    fetchStations(storeId)
      .then((answer) => {
        if (!Array.isArray(answer)) return;
        rememberRead(keyOf(storeId), answer, new Date(), { lasting: true });
        if (mounted) setStations(answer);
      })
      // Offline or refused: what was kept stays (or nothing, and the screen says it does not know yet).
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, [storeId]);
  return stations;
}

/** The stations a cook can open a display for (a station may only print). */
export function displayStations(stations: readonly StationDto[]): StationDto[] {
  return stations.filter((station) => station.display);
}
