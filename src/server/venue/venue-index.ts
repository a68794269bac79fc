/**
 * A flat view of a venue file: every entity with its path in the file, its position among its
 * siblings and its parents. Checks report problems by these paths; the importer builds rows from it.
 */
import { childPath } from "../validation/issues";
import type {
  CategoryFile,
  GroupFile,
  ItemFile,
  OptionFile,
  ServiceFile,
  SpotFile,
  StaffFile,
  StationFile,
  VenueFile,
} from "./venue-file";

export interface Located<T> {
  value: T;
  /** e.g. `services[0].categories[1]` */
  path: string;
  /** index among its siblings in the file; becomes the display order */
  position: number;
}

export interface VenueIndex {
  services: Located<ServiceFile>[];
  categories: Array<Located<CategoryFile> & { service: ServiceFile }>;
  items: Array<Located<ItemFile> & { service: ServiceFile; category: CategoryFile }>;
  groups: Array<Located<GroupFile> & { item: ItemFile }>;
  options: Array<Located<OptionFile> & { group: GroupFile }>;
  spots: Located<SpotFile>[];
  staff: Located<StaffFile>[];
  stations: Located<StationFile>[];
}

/** The kinds of entity whose ids the venue chooses; an id is unique within its kind. */
export type EntityKind = keyof VenueIndex;

export const ENTITY_LABEL: Record<EntityKind, string> = {
  services: "service",
  categories: "category",
  items: "item",
  groups: "subselection group",
  options: "option",
  spots: "spot",
  staff: "staff member",
  stations: "station",
};

export const ENTITY_LABEL_PLURAL: Record<EntityKind, string> = {
  services: "services",
  categories: "categories",
  items: "items",
  groups: "subselection groups",
  options: "options",
  spots: "spots",
  staff: "staff members",
  stations: "stations",
};

export function indexVenue(file: VenueFile): VenueIndex {
  const index: VenueIndex = {
    services: [],
    categories: [],
    items: [],
    groups: [],
    options: [],
    spots: [],
    staff: [],
    stations: [],
  };
  file.services.forEach((service, s) => {
    const servicePath = childPath("services", s);
    index.services.push({ value: service, path: servicePath, position: s });
    service.categories.forEach((category, c) => {
      const categoryPath = childPath(childPath(servicePath, "categories"), c);
      index.categories.push({ value: category, path: categoryPath, position: c, service });
      category.items.forEach((item, i) => {
        const itemPath = childPath(childPath(categoryPath, "items"), i);
        index.items.push({ value: item, path: itemPath, position: i, service, category });
        (item.groups ?? []).forEach((group, g) => {
          const groupPath = childPath(childPath(itemPath, "groups"), g);
          index.groups.push({ value: group, path: groupPath, position: g, item });
          group.options.forEach((option, o) => {
            index.options.push({
              value: option,
              path: childPath(childPath(groupPath, "options"), o),
              position: o,
              group,
            });
          });
        });
      });
    });
  });
  file.spots.forEach((spot, s) => {
    index.spots.push({ value: spot, path: childPath("spots", s), position: s });
  });
  (file.staff ?? []).forEach((member, m) => {
    index.staff.push({ value: member, path: childPath("staff", m), position: m });
  });
  (file.stations ?? []).forEach((station, s) => {
    index.stations.push({ value: station, path: childPath("stations", s), position: s });
  });
  return index;
}
