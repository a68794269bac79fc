/**
 * A venue as the service screens receive it (table + service + menu), built from the domain's
 * fixture builders and varied with spreads, for component tests.
 */
import type {
  CategoryDto,
  ItemDto,
  MenuResponse,
  ServiceDto,
  SpotDto,
  StoreDto,
  TableResponse,
} from "../../domain/api";
import { names, service as serviceFixture } from "../../domain/test-support";
import type { ServiceMenuData } from "../venue/load-venue";

export function store(overrides: Partial<StoreDto> = {}): StoreDto {
  return {
    storeId: 1,
    names: names("Test café"),
    storeIsHotel: false,
    readOnly: false,
    interactiveCatalogue: false,
    extraLanguages: [],
    addButtonWording: "cart",
    numberOfServices: 1,
    contact: { email: "hello@example.com", phone: "+30 2310 000000", address: "Thessaloniki" },
    ...overrides,
  };
}

export function spot(overrides: Partial<SpotDto> = {}): SpotDto {
  return {
    id: 11,
    storeId: 1,
    name: "Τραπέζι 1",
    names: { GRE: { name: "Τραπέζι 1" }, ENG: { name: "Table 1" } },
    type: "TABLE",
    capacity: 2,
    section: "",
    isPda: false,
    ...overrides,
  };
}

export function category(id: number, name: string, overrides: Partial<CategoryDto> = {}): CategoryDto {
  return { id, names: names(name), maxProductsPerCart: null, ...overrides };
}

interface VenueOverrides {
  store?: Partial<StoreDto>;
  spot?: Partial<SpotDto>;
  service?: Partial<ServiceDto>;
  categories?: CategoryDto[];
  items?: ItemDto[];
}

/** Store 1, table 11, service 1 ("Beach bar", always open), one category (1) with `items`. */
export function venue(overrides: VenueOverrides = {}): ServiceMenuData {
  const service = serviceFixture(overrides.service);
  const table: TableResponse = {
    store: store(overrides.store),
    spot: spot(overrides.spot),
    services: [service],
  };
  const menu: MenuResponse = {
    storeId: table.store.storeId,
    serviceId: service.serviceId,
    categories: overrides.categories ?? [category(1, "Coffees")],
    items: overrides.items ?? [],
  };
  return { table, service, menu };
}
