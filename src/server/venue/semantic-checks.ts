/**
 * Rules of a venue file that its JSON Schema cannot express. Each returns Issues with the same
 * paths as schema errors. They run only on a file that already matches the schema.
 * (Ids owned by another store are checked by the importer, inside its transaction.)
 */
import { statSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { checkEmail } from "../../domain/email";
import { APP_SCREEN_SEGMENTS } from "../../domain/first-reads";
import { routeClashes, type StationRoute } from "../../domain/kitchen";
import { UPLOADED_PHOTO_PREFIX } from "../paths";
import type { Issue } from "../validation/issues";
import { childPath } from "../validation/issues";
import { itemAllergens } from "./item-allergens-checks";
import { rentalIssues } from "./rental-checks";
import type { GroupFile, ServiceFile, StationFile, VenueFile } from "./venue-file";
import { ENTITY_LABEL, type EntityKind, indexVenue, type VenueIndex } from "./venue-index";

export interface SemanticCheckOptions {
  /** Folder the `photo` paths are relative to (public/images in the project). */
  imagesDir: string;
  /**
   * Folder of the photos admins uploaded (paths.ts uploadsDirOf(DATA_DIR)): a `photo` starting
   * `uploads/` is looked for there, as the server serves it. Default: imagesDir/uploads.
   */
  uploadsDir?: string;
}

export function semanticIssues(
  file: VenueFile,
  options: SemanticCheckOptions,
  index: VenueIndex = indexVenue(file),
): Issue[] {
  return [
    ...uniqueIds(index),
    ...uniqueSlugs(index),
    ...slugsOfNoScreen(index),
    ...uniqueStaffPins(index),
    ...staffEmails(index),
    ...uniqueLanguages(file),
    ...photosExist(index, options),
    ...subselectionGroups(index),
    ...memberPrices(index),
    ...rentalIssues(index),
    ...serviceTimes(index),
    ...spotsReachAService(index),
    ...chargeToRoomInHotels(file),
    ...floorPlan(file),
    ...stations(file, index),
    ...itemAllergens(index),
  ];
}

/**
 * Stations: what each claims exists in this file, no line is claimed twice at the same precision,
 * a printer's numeric address is a real IPv4 address, and preparation is shown only where stations
 * make it.
 */
function stations(file: VenueFile, index: VenueIndex): Issue[] {
  const issues: Issue[] = [];
  const known = {
    services: new Set(index.services.map((entry) => entry.value.id)),
    categories: new Set(index.categories.map((entry) => entry.value.id)),
    items: new Set(index.items.map((entry) => entry.value.id)),
    outlets: new Set((file.outlets ?? []).map((outlet) => outlet.id)),
  };
  for (const { value: station, path: stationPath } of index.stations) {
    for (const level of ["services", "categories", "items", "outlets"] as const) {
      (station[level] ?? []).forEach((id, i) => {
        if (!known[level].has(id))
          issues.push({
            path: childPath(childPath(stationPath, level), i),
            message: `no ${level === "categories" ? "category" : level.slice(0, -1)} of this store has id ${id}`,
          });
      });
    }
    const host = station.printer?.host;
    if (host !== undefined && /^[0-9.]+$/.test(host) && isIP(host) !== 4)
      issues.push({ path: `${stationPath}.printer.host`, message: `"${host}" is not an IPv4 address` });
  }
  const routes = index.stations.map(({ value }) => routeOf(value));
  for (const clash of routeClashes(routes)) {
    const second = index.stations.find((entry) => entry.value.id === clash.stationIds[1]);
    const at = second?.value[clash.level]?.indexOf(clash.id) ?? 0;
    issues.push({
      path: childPath(childPath(second?.path ?? "stations", clash.level), at),
      message: `${clash.level} id ${clash.id} is made by station ${clash.stationIds[0]} already; a line needs one station`,
    });
  }
  if (file.store.preparationShown === true && index.stations.length === 0)
    issues.push({ path: "store.preparationShown", message: "needs stations: nothing would tell the order is ready" });
  return issues;
}

function routeOf(station: StationFile): StationRoute {
  return {
    stationId: station.id,
    services: station.services ?? [],
    categories: station.categories ?? [],
    items: station.items ?? [],
    outlets: station.outlets ?? [],
  };
}

/**
 * Table openings' floor plan: section names unique; when sections are listed, every spot's section
 * and every outlet's section is one of them; card terminal and outlet ids unique.
 */
function floorPlan(file: VenueFile): Issue[] {
  const issues: Issue[] = [];
  const sections = file.sections ?? [];
  const names = new Set<string>();
  sections.forEach((section, i) => {
    if (names.has(section.name))
      issues.push({ path: `sections[${i}].name`, message: `section "${section.name}" is listed twice` });
    names.add(section.name);
  });
  if (sections.length > 0) {
    file.spots.forEach((spot, i) => {
      if (!names.has(spot.section ?? ""))
        issues.push({
          path: `spots[${i}].section`,
          message: `must name one of the sections listed in "sections" (got "${spot.section ?? ""}")`,
        });
    });
  }
  const known = sections.length > 0 ? names : new Set(file.spots.map((spot) => spot.section ?? ""));
  (file.outlets ?? []).forEach((outlet, i) => {
    outlet.sections.forEach((name, j) => {
      if (!known.has(name))
        issues.push({ path: `outlets[${i}].sections[${j}]`, message: `no spot or section is named "${name}"` });
    });
  });
  for (const [list, label] of [
    [file.cardTerminals ?? [], "cardTerminals"],
    [file.outlets ?? [], "outlets"],
  ] as const) {
    const seen = new Set<number>();
    list.forEach((entry, i) => {
      if (seen.has(entry.id)) issues.push({ path: `${label}[${i}].id`, message: `id ${entry.id} is used twice` });
      seen.add(entry.id);
    });
  }
  return issues;
}

/** Charging an order to a room needs rooms: only hotel stores may offer it. */
function chargeToRoomInHotels(file: VenueFile): Issue[] {
  if (file.store.chargeToRoom !== true || file.store.isHotel === true) return [];
  return [{ path: "store.chargeToRoom", message: "only a hotel store (isHotel: true) can charge orders to rooms" }];
}

function uniqueIds(index: VenueIndex): Issue[] {
  const issues: Issue[] = [];
  for (const kind of Object.keys(index) as EntityKind[]) {
    const firstPathOf = new Map<number, string>();
    for (const entry of index[kind]) {
      const earlier = firstPathOf.get(entry.value.id);
      if (earlier === undefined) firstPathOf.set(entry.value.id, entry.path);
      else
        issues.push({
          path: childPath(entry.path, "id"),
          message: `duplicate ${ENTITY_LABEL[kind]} id ${entry.value.id} (also at ${childPath(earlier, "id")})`,
        });
    }
  }
  return issues;
}

function uniqueSlugs(index: VenueIndex): Issue[] {
  const firstPathOf = new Map<string, string>();
  const issues: Issue[] = [];
  for (const { value, path: servicePath } of index.services) {
    const earlier = firstPathOf.get(value.slug);
    if (earlier === undefined) firstPathOf.set(value.slug, servicePath);
    else
      issues.push({
        path: childPath(servicePath, "slug"),
        message: `duplicate slug "${value.slug}" (also at ${childPath(earlier, "slug")})`,
      });
  }
  return issues;
}

/**
 * A guest's link is /:slug/:tableId, and the app's own screens with an id after their name
 * (/profile/12, /receipts/3, ...) take those addresses first: a service with such a slug could
 * never be opened.
 */
function slugsOfNoScreen(index: VenueIndex): Issue[] {
  return index.services
    .filter(({ value }) => APP_SCREEN_SEGMENTS.has(value.slug))
    .map(({ value, path: servicePath }) => ({
      path: childPath(servicePath, "slug"),
      message: `slug "${value.slug}" is the address of one of the app's screens (/${value.slug}/...): guests could not open this service`,
    }));
}

/** A PIN identifies the staff member at sign-in, so two people of a store cannot share one. */
function uniqueStaffPins(index: VenueIndex): Issue[] {
  const firstPathOf = new Map<string, string>();
  const issues: Issue[] = [];
  for (const { value, path: memberPath } of index.staff) {
    // A member without a pin keeps the stored one; import.ts checks those against the given ones.
    if (value.pin === undefined) continue;
    const earlier = firstPathOf.get(value.pin);
    // The PIN itself stays out of the message: import output ends up in terminals and CI logs.
    if (earlier === undefined) firstPathOf.set(value.pin, memberPath);
    else
      issues.push({
        path: childPath(memberPath, "pin"),
        message: `same PIN as ${earlier}; PINs must be unique within a store`,
      });
  }
  return issues;
}

/**
 * An e-mail names one admin of a store (sign-in by e-mail and password, reset codes, alerts):
 * the product's e-mail rule, on admins only (a waiter signs in by PIN or login token), once per store.
 */
function staffEmails(index: VenueIndex): Issue[] {
  const firstPathOf = new Map<string, string>();
  const issues: Issue[] = [];
  for (const { value, path: memberPath } of index.staff) {
    if (value.email === undefined) continue;
    const checked = checkEmail(value.email);
    if (!checked.ok) {
      issues.push({ path: childPath(memberPath, "email"), message: "not a valid e-mail address" });
      continue;
    }
    if (value.role !== "ADMIN") {
      issues.push({ path: childPath(memberPath, "email"), message: "only admins sign in by e-mail" });
      continue;
    }
    const earlier = firstPathOf.get(checked.email);
    if (earlier === undefined) firstPathOf.set(checked.email, memberPath);
    else issues.push({ path: childPath(memberPath, "email"), message: `same e-mail as ${earlier}` });
  }
  return issues;
}

function uniqueLanguages(file: VenueFile): Issue[] {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  (file.store.extraLanguages ?? []).forEach((language, i) => {
    if (seen.has(language)) issues.push({ path: `store.extraLanguages[${i}]`, message: `${language} is listed twice` });
    seen.add(language);
  });
  return issues;
}

function photosExist(index: VenueIndex, { imagesDir, uploadsDir }: SemanticCheckOptions): Issue[] {
  const photos = [...index.services, ...index.items].flatMap(({ value, path: entityPath }) =>
    value.photo === undefined ? [] : [{ photo: value.photo, path: childPath(entityPath, "photo") }],
  );
  const issues: Issue[] = [];
  for (const { photo, path: photoPath } of photos) {
    if (photo.split("/").some((segment) => segment === "." || segment === "..")) {
      issues.push({ path: photoPath, message: `"${photo}" must not contain . or .. segments` });
    } else if (uploadsDir !== undefined && photo.startsWith(UPLOADED_PHOTO_PREFIX)) {
      const uploaded = photo.slice(UPLOADED_PHOTO_PREFIX.length);
      if (!isFile(path.join(uploadsDir, uploaded))) {
        issues.push({ path: photoPath, message: `no uploaded photo ${uploaded} under ${shown(uploadsDir)}/` });
      }
    } else if (!isFile(path.join(imagesDir, photo))) {
      issues.push({ path: photoPath, message: `no image file ${photo} under ${shown(imagesDir)}/` });
    }
  }
  return issues;
}

function shown(dir: string): string {
  return path.relative(process.cwd(), dir) || dir;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function subselectionGroups(index: VenueIndex): Issue[] {
  return index.groups.flatMap(({ value: group, path: groupPath }) => groupIssues(group, groupPath));
}

/** What the option rules of one group need, as a venue file or an admin's edit states them. */
export type GroupRules = Pick<GroupFile, "type" | "maximumSelected"> & {
  options: Pick<GroupFile["options"][number], "isSelected">[];
};

/**
 * A radio group has at most one default and no maximum but 1; a maximum fits the options; a
 * checkbox group's defaults fit its maximum. `groupPath` locates the group in its file or edit.
 */
export function groupIssues(group: GroupRules, groupPath: string): Issue[] {
  const issues: Issue[] = [];
  const selected = group.options.flatMap((option, i) => (option.isSelected ? [i] : []));
  const max = group.maximumSelected;
  if (group.type === "RADIO_BUTTON") {
    if (selected.length > 1) {
      issues.push({
        path: childPath(groupPath, "options"),
        message: `a RADIO_BUTTON group can have at most one option selected by default (options ${selected.join(", ")} are)`,
      });
    }
    if (max !== undefined && max !== 1) {
      issues.push({
        path: childPath(groupPath, "maximumSelected"),
        message: "must be 1 or left out for a RADIO_BUTTON group",
      });
    }
  }
  if (max !== undefined && max > group.options.length) {
    issues.push({
      path: childPath(groupPath, "maximumSelected"),
      message: `is ${max} but the group has only ${group.options.length} option(s)`,
    });
  }
  if (group.type === "CHECKBOX" && max !== undefined && selected.length > max) {
    issues.push({
      path: childPath(groupPath, "options"),
      message: `${selected.length} options are selected by default but at most ${max} may be selected`,
    });
  }
  return issues;
}

function memberPrices(index: VenueIndex): Issue[] {
  return index.items.flatMap(({ value: item, path: itemPath }) =>
    item.memberPriceEnabled === true && item.membershipPriceCents === undefined
      ? [
          {
            path: childPath(itemPath, "memberPriceEnabled"),
            message: "is true but the item has no membershipPriceCents",
          },
        ]
      : [],
  );
}

interface Window {
  startTime: string;
  endTime: string;
}

const MINUTES_PER_DAY = 24 * 60;

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** The window as [start, end) minutes; an end at or before the start runs past midnight. */
function span(window: Window): [number, number] {
  const start = minutesOf(window.startTime);
  const end = minutesOf(window.endTime);
  return [start, end <= start ? end + MINUTES_PER_DAY : end];
}

function contains(outer: Window, inner: Window): boolean {
  const [outerStart, outerEnd] = span(outer);
  const [innerStart, innerEnd] = span(inner);
  // The inner window may start "tomorrow" relative to an outer window that crosses midnight.
  return [0, MINUTES_PER_DAY].some((shift) => innerStart + shift >= outerStart && innerEnd + shift <= outerEnd);
}

/** A service's time windows as a venue file or an admin's edit states them. */
export type ServiceTimes = Pick<ServiceFile, "hours" | "scheduledOrders" | "happyHour">;

/**
 * No window is empty and a happy hour lies within the service's hours; `servicePath` locates the
 * service in its file ("" for an admin's edit of one service).
 */
export function serviceTimeIssues(service: ServiceTimes, servicePath: string): Issue[] {
  const issues: Issue[] = [];
  const emptyWindow = (window: Window | undefined, at: string, hint: string) => {
    if (window !== undefined && window.startTime === window.endTime) {
      issues.push({ path: at, message: `startTime and endTime are both ${window.startTime}; ${hint}` });
    }
  };
  emptyWindow(service.hours, childPath(servicePath, "hours"), "leave hours out for a service that is always open");
  emptyWindow(
    service.scheduledOrders?.hours,
    childPath(childPath(servicePath, "scheduledOrders"), "hours"),
    "the window would be empty",
  );
  emptyWindow(service.happyHour, childPath(servicePath, "happyHour"), "the happy hour would never apply");
  const { hours, happyHour } = service;
  if (
    hours !== undefined &&
    happyHour !== undefined &&
    hours.startTime !== hours.endTime &&
    !contains(hours, happyHour)
  ) {
    issues.push({
      path: childPath(servicePath, "happyHour"),
      message: `${happyHour.startTime}-${happyHour.endTime} is not within the service hours ${hours.startTime}-${hours.endTime}`,
    });
  }
  return issues;
}

function serviceTimes(index: VenueIndex): Issue[] {
  const issues: Issue[] = [];
  for (const { value: service, path: servicePath } of index.services) {
    issues.push(...serviceTimeIssues(service, servicePath));
    const seen = new Set<string>();
    service.availableAt.forEach((type, i) => {
      if (seen.has(type))
        issues.push({ path: `${childPath(servicePath, "availableAt")}[${i}]`, message: `${type} is listed twice` });
      seen.add(type);
    });
  }
  return issues;
}

/** A guest who scans a spot that no service is available at would see an empty screen. */
function spotsReachAService(index: VenueIndex): Issue[] {
  const served = new Set(index.services.flatMap(({ value }) => value.availableAt));
  return index.spots.flatMap(({ value: spot, path: spotPath }) =>
    served.has(spot.type)
      ? []
      : [{ path: childPath(spotPath, "type"), message: `no service is available at ${spot.type} spots` }],
  );
}
