/**
 * The rules that need "now" (spec §4 service open and ordering, §9 happy hour and member prices)
 * with the clock that gives it (spec §7 GET /utils/date). Nothing they decide can be shown before
 * the server's time arrives, so they load after the first render, in parallel with that request
 * (and with the Temporal polyfill where the browser lacks Temporal): the menu paints with list
 * prices first. Import through use-live-rules.ts only.
 */
export { appClock } from "../../clock/app-clock";
export { serviceStatusAt } from "./service-status";
