/**
 * What a placement reads of the catalogue (its service, the service's store and menu), kept per
 * service and catalogue version (reading them is 6 of a placement's statements and the
 * menu's presentation on every order, though they change only with a venue import).
 *
 * A placement still reads the store's catalogue_version in its own transaction, with its spot
 * (one statement), and uses what is kept only when the version is the one it was read at: every
 * change of the catalogue bumps the version in the change's transaction (an import, stock taken
 * by an order), so the prices and rules are the current ones, as when they were read, in every
 * process (nothing here is invalidated: a new version just does not match).
 *
 * The whole menu is kept from the second placement at a version on: a store whose items have
 * stock bumps its version with every order, and reads only the ordered items then, as before.
 */
import type { MenuResponse, ServiceDto } from "../../domain/api";
import type { SpotType } from "../../domain/spots";
import type { ServiceRow, StoreRow } from "../db/tables/catalogue.tables";

export interface CatalogueOfService {
  storeId: number;
  catalogueVersion: number;
  serviceRow: ServiceRow;
  /** Where the service takes orders from (serviceAvailableAt of its row). */
  availableAt: readonly SpotType[];
  service: ServiceDto;
  store: StoreRow;
  /** The service's whole menu, once a second placement met this version; null before. */
  menu: MenuResponse | null;
}

export class PlacementCatalogue {
  readonly #byService = new Map<number, CatalogueOfService>();

  /** What is kept of the service, if it was read at this version of this store's catalogue. */
  get(serviceId: number, storeId: number, catalogueVersion: number): CatalogueOfService | undefined {
    const kept = this.#byService.get(serviceId);
    return kept !== undefined && kept.storeId === storeId && kept.catalogueVersion === catalogueVersion
      ? kept
      : undefined;
  }

  /** Keeps what a placement read (one entry per service: an older version is replaced). */
  remember(serviceId: number, read: CatalogueOfService): void {
    this.#byService.set(serviceId, read);
  }
}

const catalogues = new WeakMap<object, PlacementCatalogue>();

/** The catalogue kept for one app (its orders context). */
export function placementCatalogueOf(owner: object): PlacementCatalogue {
  let catalogue = catalogues.get(owner);
  if (catalogue === undefined) {
    catalogue = new PlacementCatalogue();
    catalogues.set(owner, catalogue);
  }
  return catalogue;
}
