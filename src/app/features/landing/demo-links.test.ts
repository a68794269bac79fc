import { describe, expect, it } from "vitest";
import type { DemoLinkDto } from "../../../domain/api";
import { groupDemoLinksByStore } from "./demo-links";

const link = (storeId: number, path: string): DemoLinkDto => ({
  storeId,
  storeNames: { GRE: { name: `Κατάστημα ${storeId}` }, ENG: { name: `Store ${storeId}` } },
  // DemoLinkSchema builds its kind union from a mapped array, which types it as never.
  kind: "table" as never,
  spotName: path,
  path,
  openServices: [],
});

describe("demo links on landing (grouped by store)", () => {
  it("groups links by store and keeps the server's order", () => {
    const grouped = groupDemoLinksByStore([link(7, "/menu/1"), link(132, "/menu/2"), link(7, "/menu/3")]);
    expect(grouped.map((store) => store.storeId)).toEqual([7, 132]);
    expect(grouped[0]?.links.map((entry) => entry.path)).toEqual(["/menu/1", "/menu/3"]);
  });
});
