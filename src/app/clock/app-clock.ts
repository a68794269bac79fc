/** The app's clock: the server's time through the API, Temporal loaded on demand, browser wake-ups. */
import { fetchServerDate } from "../api/requests";
import { type AthensClock, createAthensClock } from "./athens-clock";
import { ensureTemporal } from "./ensure-temporal";

export const appClock: AthensClock = createAthensClock({
  fetchServerDate,
  deviceNow: () => Date.now(),
  loadTemporal: ensureTemporal,
  watchWakeUps(onOnline, onVisible) {
    const visible = () => {
      if (document.visibilityState === "visible") onVisible();
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", visible);
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", visible);
    };
  },
});
