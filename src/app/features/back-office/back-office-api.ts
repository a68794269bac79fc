/**
 * The back office's calls, with the signed-in admin's tokens (authedCall). Every write carries the
 * Idempotency-Key its caller keeps for the retry of the same save, so a save whose answer was lost
 * is sent again as the same save, never applied twice.
 */

import type { ServicePauseRequest, ServicePauseState } from "../../../domain/service-pause-api";
import type {
  AddedStaffMember,
  AuditPage,
  ItemPhoto,
  NewPin,
  NewStaffMember,
  NoItemPhoto,
  StaffList,
  StaffMemberChange,
  StaffMemberRow,
} from "../../../domain/staff-admin-api";
import type {
  CategoryOrder,
  EditableItem,
  EditableService,
  ItemEdit,
  ItemGroups,
  ItemGroupsEdit,
  ItemOrder,
  ItemStock,
  ItemStockChange,
  ServiceEdit,
  StaffCatalogue,
  StoredCategoryOrder,
  StoredItemOrder,
} from "../../../domain/staff-catalogue-api";
import type { SpotCreate, SpotEdit, StaffSpot, StaffSpots } from "../../../domain/staff-spots-api";
import { authedCall, authedDownload, type Download } from "../../api/accounts-client";

const store = (storeId: number) => `staff/stores/${storeId}`;
const keyed = (key: string) => ({ "idempotency-key": key });

export function fetchStaffCatalogue(storeId: number): Promise<StaffCatalogue> {
  return authedCall(`${store(storeId)}/catalogue`, { method: "get" });
}

export function saveItem(storeId: number, itemId: number, edit: ItemEdit, key: string): Promise<EditableItem> {
  return authedCall(`${store(storeId)}/items/${itemId}`, { method: "patch", json: edit, headers: keyed(key) });
}

export function saveStock(storeId: number, itemId: number, stock: ItemStockChange, key: string): Promise<ItemStock> {
  return authedCall(`${store(storeId)}/items/${itemId}/stock`, { method: "put", json: stock, headers: keyed(key) });
}

/** The photo as the file itself, in its own type (no multipart). */
export function uploadItemPhoto(storeId: number, itemId: number, file: Blob, key: string): Promise<ItemPhoto> {
  return authedCall(`${store(storeId)}/items/${itemId}/photo`, {
    method: "post",
    body: file,
    headers: { ...keyed(key), "content-type": file.type },
  });
}

/** A category's items in their new order, named with the category's version. */
export function saveItemOrder(
  storeId: number,
  categoryId: number,
  order: ItemOrder,
  key: string,
): Promise<StoredItemOrder> {
  return authedCall(`${store(storeId)}/categories/${categoryId}/item-order`, {
    method: "put",
    json: order,
    headers: keyed(key),
  });
}

/** A service's categories in their new order, named with the service's version. */
export function saveCategoryOrder(
  storeId: number,
  serviceId: number,
  order: CategoryOrder,
  key: string,
): Promise<StoredCategoryOrder> {
  return authedCall(`${store(storeId)}/services/${serviceId}/category-order`, {
    method: "put",
    json: order,
    headers: keyed(key),
  });
}

export function fetchStaff(storeId: number): Promise<StaffList> {
  return authedCall(`${store(storeId)}/staff`, { method: "get" });
}

export function addStaffMember(storeId: number, member: NewStaffMember, key: string): Promise<AddedStaffMember> {
  return authedCall(`${store(storeId)}/staff`, { method: "post", json: member, headers: keyed(key) });
}

export function editStaffMember(
  storeId: number,
  userId: number,
  edit: StaffMemberChange,
  key: string,
): Promise<StaffMemberRow> {
  return authedCall(`${store(storeId)}/staff/${userId}`, { method: "patch", json: edit, headers: keyed(key) });
}

export function resetStaffPin(storeId: number, userId: number, key: string, pin?: string): Promise<NewPin> {
  return authedCall(`${store(storeId)}/staff/${userId}/pin`, {
    method: "post",
    json: pin === undefined ? {} : { pin },
    headers: keyed(key),
  });
}

/** One page of the store's audit list, newest first; `before` is the `next` of the page before. */
export function fetchAuditPage(storeId: number, before: number | null, limit = 50): Promise<AuditPage> {
  const query = new URLSearchParams({ limit: String(limit), ...(before === null ? {} : { before: String(before) }) });
  return authedCall(`${store(storeId)}/audit?${query}`, { method: "get" });
}

export function fetchSpots(storeId: number): Promise<StaffSpots> {
  return authedCall(`${store(storeId)}/spots`, { method: "get" });
}

export function addSpot(storeId: number, spot: SpotCreate, key: string): Promise<StaffSpot> {
  return authedCall(`${store(storeId)}/spots`, { method: "post", json: spot, headers: keyed(key) });
}

export function editSpot(storeId: number, spotId: number, edit: SpotEdit, key: string): Promise<StaffSpot> {
  return authedCall(`${store(storeId)}/spots/${spotId}`, { method: "patch", json: edit, headers: keyed(key) });
}

/** The printable QR sheet of every spot, or of one: an HTML file to save. */
export function fetchQrSheet(storeId: number, spotId?: number): Promise<Download> {
  return authedDownload(`${store(storeId)}/qr-sheet${spotId === undefined ? "" : `?spotId=${spotId}`}`);
}

/** The store as a venue file (JSON, staff without PINs): a file to save. */
export function fetchVenueFile(storeId: number): Promise<Download> {
  return authedDownload(`${store(storeId)}/venue-file`);
}

/** An item's option groups in order, with the item's version (admins). */
export function fetchItemGroups(storeId: number, itemId: number): Promise<ItemGroups> {
  return authedCall(`${store(storeId)}/items/${itemId}/groups`, { method: "get" });
}

/** An item's option groups replaced whole and in order, named with the item's version. */
export function saveItemGroups(
  storeId: number,
  itemId: number,
  edit: ItemGroupsEdit,
  key: string,
): Promise<ItemGroups> {
  return authedCall(`${store(storeId)}/items/${itemId}/groups`, { method: "put", json: edit, headers: keyed(key) });
}

/** A service's changed settings, named with the service's version. */
export function saveService(
  storeId: number,
  serviceId: number,
  edit: ServiceEdit,
  key: string,
): Promise<EditableService> {
  return authedCall(`${store(storeId)}/services/${serviceId}`, { method: "patch", json: edit, headers: keyed(key) });
}

/** Pauses a service's orders now (request), or resumes them (null). */
export function saveServicePause(
  storeId: number,
  serviceId: number,
  request: ServicePauseRequest | null,
  key: string,
): Promise<ServicePauseState> {
  const path = `${store(storeId)}/services/${serviceId}/pause`;
  return request === null
    ? authedCall(path, { method: "delete", headers: keyed(key) })
    : authedCall(path, { method: "put", json: request, headers: keyed(key) });
}

/** The item shows no photo any more (the uploaded file itself stays on the server). */
export function removeItemPhoto(storeId: number, itemId: number, key: string): Promise<NoItemPhoto> {
  return authedCall(`${store(storeId)}/items/${itemId}/photo`, { method: "delete", headers: keyed(key) });
}

/** A category's names, details and limit per cart, named with the category's version. */
export function saveCategory(
  storeId: number,
  categoryId: number,
  edit: import("../../../domain/staff-catalogue-api").CategoryEdit,
  key: string,
): Promise<import("../../../domain/staff-catalogue-api").EditableCategory> {
  return authedCall(`${store(storeId)}/categories/${categoryId}`, { method: "patch", json: edit, headers: keyed(key) });
}
