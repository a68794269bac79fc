import type { DemoLinkDto } from "../../../domain/api";
import { DEMO_LINK_KINDS, type DemoLinkKind } from "../../../domain/demo-links";

export type { DemoLinkKind };

export function isDemoLinkKind(kind: unknown): kind is DemoLinkKind {
  return (DEMO_LINK_KINDS as readonly unknown[]).includes(kind);
}

export interface DemoStore {
  storeId: number;
  storeNames: DemoLinkDto["storeNames"];
  links: DemoLinkDto[];
}

/** Demo links grouped by store, stores and links in the order the server lists them. */
export function groupDemoLinksByStore(links: readonly DemoLinkDto[]): DemoStore[] {
  const stores = new Map<number, DemoStore>();
  for (const link of links) {
    let store = stores.get(link.storeId);
    if (!store) {
      store = { storeId: link.storeId, storeNames: link.storeNames, links: [] };
      stores.set(link.storeId, store);
    }
    store.links.push(link);
  }
  return [...stores.values()];
}
