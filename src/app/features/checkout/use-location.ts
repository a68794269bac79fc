/**
 * The guest's position for stores that check it (spec §5 "location must be permitted and close to
 * the store to order"): asked only when the guest sends, never in advance.
 */
export type LocationAnswer =
  | { kind: "ok"; location: { latitude: number; longitude: number } }
  | { kind: "denied" }
  | { kind: "unavailable" };

export function requestLocation(timeoutMs = 15_000): Promise<LocationAnswer> {
  const geolocation = globalThis.navigator?.geolocation;
  if (!geolocation) return Promise.resolve({ kind: "unavailable" });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          kind: "ok",
          location: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        }),
      (error) => resolve({ kind: error.code === error.PERMISSION_DENIED ? "denied" : "unavailable" }),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
