import { describe, expect, it } from "vitest";
import {
  type ChunkFacts,
  leftOutOfPrecache,
  ONLINE_ONLY_SCREEN,
  RARELY_READ_MODULE,
  STAFF_MODULE,
  staffOnlyFiles,
} from "./staff-screens";

function chunk(fileName: string, facts: Partial<ChunkFacts> = {}): ChunkFacts {
  return {
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    dynamicImports: [],
    css: [],
    moduleIds: [],
    ...facts,
  };
}

const root = "/work/app/src/app";

describe("staffOnlyFiles: the precache without what a guest never opens (a guest's phone downloads no staff screen)", () => {
  const chunks = [
    chunk("index.js", {
      isEntry: true,
      dynamicImports: ["menu.js", "staff-admin.js", "open-tables.js"],
      css: ["index.css"],
    }),
    chunk("menu.js", {
      facadeModuleId: `${root}/routes/$service.$tableId.tsx?tsr-split=component`,
      imports: ["prices.js"],
      css: ["menu.css"],
    }),
    chunk("staff-admin.js", {
      facadeModuleId: `${root}/routes/staff-admin.tsx?tsr-split=component`,
      imports: ["staff-ui.js", "prices.js"],
      css: ["staff.css", "menu.css"],
    }),
    chunk("open-tables.js", {
      facadeModuleId: `${root}/routes/open-tables.for-store.$storeId.$tableId.index.tsx?tsr-split=component`,
      imports: ["staff-ui.js"],
      dynamicImports: ["receipt-printer.js"],
    }),
    chunk("staff-ui.js", { css: ["staff.css"] }),
    chunk("receipt-printer.js", { facadeModuleId: `${root}/features/printing/Receipt.tsx` }),
    chunk("prices.js"),
  ];

  it("lists the chunks reached only through staff screens, with their own CSS", () => {
    expect(staffOnlyFiles(chunks)).toEqual([
      "open-tables.js",
      "receipt-printer.js",
      "staff-admin.js",
      "staff-ui.js",
      "staff.css",
    ]);
  });

  it("keeps what a guest screen shares with staff screens (chunks and CSS) in the precache", () => {
    const staff = staffOnlyFiles(chunks);
    expect(staff).not.toContain("prices.js");
    expect(staff).not.toContain("menu.css");
    expect(staff).not.toContain("index.js");
  });

  it("a chunk a guest screen also loads lazily is not staff-only", () => {
    const shared = chunks.map((c) => (c.fileName === "menu.js" ? { ...c, dynamicImports: ["receipt-printer.js"] } : c));
    expect(staffOnlyFiles(shared)).not.toContain("receipt-printer.js");
  });

  it("names the spec's staff routes and the staff features, not the guest's", () => {
    for (const id of [
      "routes/pin.tsx?tsr-split=component",
      "routes/order-change-status.tsx?tsr-split=component",
      "routes/view-order-details.$orderId.$restaurantId.$token.tsx?tsr-split=component",
      "routes/open-rooms.for-store.$storeId.$tableId.$openingId.tsx?tsr-split=component",
      "routes/day-summary.for-store.$storeId.$tableId.tsx?tsr-split=component",
      "features/staff/shell/StaffShell.tsx",
      "routes/kitchen.for-store.$storeId.$tableId.$stationId.tsx?tsr-split=component",
      "features/kitchen/KitchenDisplayScreen.tsx",
      "routes/back-office.index.tsx?tsr-split=component",
      "routes/back-office.staff.tsx?tsr-split=component",
      "routes/back-office.audit.tsx?tsr-split=component",
      "features/back-office/ItemsEditor.tsx",
    ]) {
      expect(STAFF_MODULE.test(`${root}/${id}`), id).toBe(true);
    }
    for (const id of [
      "routes/menu.$tableId.tsx?tsr-split=component",
      "routes/$service.$tableId.cart.index.tsx?tsr-split=component",
      "routes/_auth/history.$userId.index.tsx?tsr-split=component",
      "routes/index.tsx?tsr-split=component",
      "features/entrance/AccountsLayer.tsx",
    ]) {
      expect(STAFF_MODULE.test(`${root}/${id}`), id).toBe(false);
    }
  });
});

describe("leftOutOfPrecache: staff screens and the network-only phone field", () => {
  it("adds the chunk holding libphonenumber and its own CSS to the staff-only files", () => {
    const chunks = [
      chunk("index.js", { isEntry: true, dynamicImports: ["entrance.js", "pin.js"], css: ["index.css"] }),
      chunk("entrance.js", { imports: ["phone.js"], moduleIds: [`${root}/features/entrance/EntranceDialog.tsx`] }),
      chunk("phone.js", {
        css: ["phone.css"],
        moduleIds: [
          `${root}/features/entrance/PhoneField.tsx`,
          "/work/app/node_modules/libphonenumber-js/metadata.min.json.js",
        ],
      }),
      chunk("pin.js", { facadeModuleId: `${root}/routes/pin.tsx?tsr-split=component` }),
    ];
    expect(leftOutOfPrecache(chunks)).toEqual(["phone.css", "phone.js", "pin.js"]);
  });

  it("leaves out the phone field's country names and metadata, fetched apart from the field (phone-countries.ts)", () => {
    const chunks = [
      chunk("index.js", { isEntry: true, dynamicImports: ["metadata.js", "greek-names.js", "en.js"] }),
      chunk("metadata.js", { moduleIds: ["/work/app/node_modules/libphonenumber-js/metadata.min.json.js"] }),
      chunk("greek-names.js", {
        moduleIds: [
          `${root}/features/entrance/greek-country-names.ts`,
          "/work/app/node_modules/react-phone-number-input/locale/el.json.js",
        ],
      }),
      chunk("en.js", { moduleIds: ["/work/app/node_modules/react-phone-number-input/locale/en.json.js"] }),
    ];
    expect(leftOutOfPrecache(chunks)).toEqual(["en.js", "greek-names.js", "metadata.js"]);
  });
});

describe("leftOutOfPrecache: guest screens that need the API (the precache stays within 250 KB brotli)", () => {
  it("leaves out the chunks only the account, review and cart phone/card screens reach, keeps what the cart shares", () => {
    const chunks = [
      chunk("index.js", { isEntry: true, dynamicImports: ["cart.js", "profile.js", "change-phone.js", "reviews.js"] }),
      chunk("cart.js", {
        facadeModuleId: `${root}/routes/$service.$tableId.cart.index.tsx?tsr-split=component`,
        imports: ["dialog.js"],
      }),
      chunk("profile.js", {
        facadeModuleId: `${root}/routes/_auth/profile.$userId.index.tsx?tsr-split=component`,
        imports: ["dialog.js", "profile-form.js"],
        css: ["profile.css"],
      }),
      chunk("change-phone.js", {
        facadeModuleId: `${root}/routes/$service.$tableId.cart.change-phone.tsx?tsr-split=component`,
        imports: ["profile-form.js"],
      }),
      chunk("reviews.js", { facadeModuleId: `${root}/routes/stores.$storeId.reviews.tsx?tsr-split=component` }),
      chunk("dialog.js"),
      chunk("profile-form.js"),
    ];
    expect(leftOutOfPrecache(chunks)).toEqual([
      "change-phone.js",
      "profile-form.js",
      "profile.css",
      "profile.js",
      "reviews.js",
    ]);
    expect(ONLINE_ONLY_SCREEN.test(`${root}/features/entrance/EntranceDialog.tsx`)).toBe(true);
    expect(ONLINE_ONLY_SCREEN.test(`${root}/features/entrance/AccountsLayer.tsx`)).toBe(false);
    expect(ONLINE_ONLY_SCREEN.test(`${root}/routes/$service.$tableId.cart.index.tsx?tsr-split=component`)).toBe(false);
    expect(ONLINE_ONLY_SCREEN.test(`${root}/routes/$service.$tableId.index.tsx?tsr-split=component`)).toBe(false);
  });
});

describe("leftOutOfPrecache: the rarely read info pages and their texts", () => {
  it("names the info routes and the documents catalogs, not the first-load or screens catalogs", () => {
    expect(RARELY_READ_MODULE.test(`${root}/routes/info.$type.tsx?tsr-split=component`)).toBe(true);
    expect(RARELY_READ_MODULE.test(`${root}/routes/info.index.tsx?tsr-split=component`)).toBe(true);
    expect(RARELY_READ_MODULE.test("/work/app/locales/el/documents.po")).toBe(true);
    expect(RARELY_READ_MODULE.test("/work/app/locales/en/documents.po")).toBe(true);
    expect(RARELY_READ_MODULE.test("/work/app/locales/el/screens.po")).toBe(false);
    expect(RARELY_READ_MODULE.test("/work/app/locales/el/messages.po")).toBe(false);
    expect(RARELY_READ_MODULE.test(`${root}/routes/index.tsx?tsr-split=component`)).toBe(false);
  });

  it("leaves out the documents catalog the entry loads lazily and the info route's chunk", () => {
    const chunks = [
      chunk("index.js", { isEntry: true, dynamicImports: ["documents.js", "screens.js", "info.js"] }),
      chunk("documents.js", { facadeModuleId: "/work/app/locales/el/documents.po" }),
      chunk("screens.js", { facadeModuleId: "/work/app/locales/el/screens.po" }),
      chunk("info.js", { facadeModuleId: `${root}/routes/info.$type.tsx?tsr-split=component`, css: ["info.css"] }),
    ];
    expect(leftOutOfPrecache(chunks)).toEqual(["documents.js", "info.css", "info.js"]);
  });
});
