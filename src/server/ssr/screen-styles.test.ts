import { describe, expect, it } from "vitest";
import { type ChunkFacts, stylesheetsOf } from "./screen-styles";

const chunk = (fileName: string, facts: Partial<ChunkFacts>): ChunkFacts => ({
  fileName,
  imports: [],
  css: [],
  moduleIds: [],
  ...facts,
});

describe("stylesheetsOf: a server-rendered screen's HTML links the stylesheets its code would load, beyond index.html's", () => {
  const chunks = [
    chunk("assets/index.js", { css: ["assets/index.css"], moduleIds: ["/p/src/app/main.tsx"] }),
    chunk("assets/info-page.js", {
      imports: ["assets/shared.js", "assets/index.js"],
      css: ["assets/info.css"],
      moduleIds: ["/p/src/app/features/info/InfoPage.tsx"],
    }),
    chunk("assets/shared.js", { imports: ["assets/index.js"], css: ["assets/shared.css"] }),
    chunk("assets/cart.js", { css: ["assets/cart.css"], moduleIds: ["/p/src/app/features/cart/CartScreen.tsx"] }),
  ];

  it("takes the screen's chunk and those it imports, not other screens, not what index.html links", () => {
    const isInfo = (id: string) => id.endsWith("/InfoPage.tsx");
    expect(stylesheetsOf(chunks, isInfo, new Set(["assets/index.css"]))).toEqual([
      "/assets/info.css",
      "/assets/shared.css",
    ]);
  });

  it("lists nothing for a screen no chunk holds", () => {
    expect(stylesheetsOf(chunks, () => false, new Set())).toEqual([]);
  });
});
