/**
 * Route loaders for the store screens: the table (store, spot, services) and a service's menu.
 * An unknown table or service is a not-found screen; any other failure (offline, server error)
 * goes to the route's error screen with a retry.
 */
import { notFound } from "@tanstack/react-router";
import type { MenuResponse, ServiceDto, TableResponse } from "../../domain/api";
import { ApiError } from "../api/api-error";
import { fetchMenuBySlug, fetchTable } from "../api/requests";
import { rememberOpenedTable } from "../session/staff-device";
import { STORAGE_KEYS, writeStored } from "../storage/local-storage";

export interface TableData {
  table: TableResponse;
}

export interface ServiceMenuData extends TableData {
  service: ServiceDto;
  menu: MenuResponse;
}

function notFoundOn404(error: unknown): unknown {
  return error instanceof ApiError && error.isNotFound ? notFound() : error;
}

export async function loadTable(tableId: number, signal?: AbortSignal): Promise<TableData> {
  try {
    const table = await fetchTable(tableId, signal);
    // The contact form sends the last visited store, so the venue hears about its own guests.
    writeStored(STORAGE_KEYS.lastStoreId, String(table.store.storeId));
    writeStored(STORAGE_KEYS.lastTableId, String(table.spot.id));
    // A device that opened a PDA spot is a staff device (the entrance dialog offers PIN sign-in) and
    // stays one when a guest link is opened on it afterwards.
    rememberOpenedTable(table);
    return { table };
  } catch (error) {
    throw notFoundOn404(error);
  }
}

export function findServiceBySlug(table: TableResponse, slug: string): ServiceDto | undefined {
  return table.services.find((service) => service.slug === slug);
}

/** Set by readMenuFreshly: the next menu load asks the server, past the service worker's copy. */
let freshMenuWanted = false;

/**
 * The next loadServiceMenu reads the menu from the server (live catalogue change: the service
 * worker's copy may be the old one); the caller then reloads the route (router.invalidate).
 */
export function readMenuFreshly(): void {
  freshMenuWanted = true;
}

/**
 * The table and the menu of its service `slug`, asked for at once: on a cold visit
 * over slow 4G the second round trip used to wait for the first one's answer.
 */
export async function loadServiceMenu(slug: string, tableId: number, signal?: AbortSignal): Promise<ServiceMenuData> {
  const fresh = freshMenuWanted;
  freshMenuWanted = false;
  const menuRequest = fetchMenuBySlug(tableId, slug, signal, fresh);
  // Settled by the awaits below; a rejection while the table is still loading must not go unhandled.
  menuRequest.catch(() => undefined);
  const { table } = await loadTable(tableId, signal);
  const service = findServiceBySlug(table, slug);
  if (!service) throw notFound();
  try {
    const menu = await menuRequest;
    return { table, service, menu };
  } catch (error) {
    throw notFoundOn404(error);
  }
}
