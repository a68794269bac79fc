/** The guest read calls of the API, typed by the shared contracts in src/domain/api.ts. */
import type {
  ContactRequest,
  DemoLinksResponse,
  MenuResponse,
  TableResponse,
  UtilsDateResponse,
} from "../../domain/api";
import { tableMenuReadPath, tableReadPath } from "../../domain/first-reads";
import { getJson, postJson } from "./client";

export function fetchTable(tableId: number, signal?: AbortSignal): Promise<TableResponse> {
  return getJson<TableResponse>(tableReadPath(tableId), { signal });
}

/**
 * A table's service menu by the slug in the guest's URL: asked together with fetchTable, so the
 * menu screen never waits for the table's answer to learn the service id. On a
 * page load both were already started by the HTML's preload header (domain/first-reads.ts).
 */
/** `fresh`: from the server even when the service worker has a copy (a live catalogue change). */
export function fetchMenuBySlug(
  tableId: number,
  serviceSlug: string,
  signal?: AbortSignal,
  fresh = false,
): Promise<MenuResponse> {
  return getJson<MenuResponse>(tableMenuReadPath(tableId, serviceSlug), { signal, fresh });
}

/** Answers 404 when the demo venues are not loaded; the landing page then shows no demo links. */
export function fetchDemoLinks(signal?: AbortSignal): Promise<DemoLinksResponse> {
  return getJson<DemoLinksResponse>("demo/links", { signal });
}

/**
 * The server's current instant (spec §7 GET /utils/date), the app's source of "now". One quick
 * attempt: a late answer is a wrong time, and the caller falls back to the device clock.
 */
export async function fetchServerDate(): Promise<string> {
  const { date } = await getJson<UtilsDateResponse>("utils/date", { timeoutMs: 4_000, retries: 0 });
  return date;
}

export function sendContactMessage(request: ContactRequest): Promise<void> {
  return postJson("info/contact", request);
}
