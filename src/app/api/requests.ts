/** The guest read calls of the API, typed by the shared contracts in src/domain/api.ts. */
import type { ContactRequest, DemoLinksResponse, MenuResponse, TableResponse } from "../../domain/api";
import { getJson, postJson } from "./client";

export function fetchTable(tableId: number, signal?: AbortSignal): Promise<TableResponse> {
  return getJson<TableResponse>(`tables/${tableId}`, signal);
}

export function fetchMenu(serviceId: number, signal?: AbortSignal): Promise<MenuResponse> {
  return getJson<MenuResponse>(`services/${serviceId}/menu`, signal);
}

/** Answers 404 when the demo venues are not loaded; the landing page then shows no demo links. */
export function fetchDemoLinks(signal?: AbortSignal): Promise<DemoLinksResponse> {
  return getJson<DemoLinksResponse>("demo/links", signal);
}

export function sendContactMessage(request: ContactRequest): Promise<void> {
  return postJson("info/contact", request);
}
