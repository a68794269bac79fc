import { defineConfig } from "@lingui/cli";

/**
 * Code that renders only after the "screens" catalog is loaded (lazyWithScreens or the root route's
 * gate). The item modal's host stays in "messages": the menu renders it, the modal itself is lazy.
 */
const SCREENS = [
  "src/app/features/item/CommentField.tsx",
  "src/app/features/item/ItemDescription.tsx",
  "src/app/features/item/ItemDetails.tsx",
  "src/app/features/item/ItemFormActions.tsx",
  "src/app/features/item/ItemFormReasons.tsx",
  "src/app/features/item/ItemModal.tsx",
  "src/app/features/item/ItemOrderForm.tsx",
  "src/app/features/item/KilosField.tsx",
  "src/app/features/item/OptionGroup.tsx",
  "src/app/features/item/QuantityStepper.tsx",
  "src/app/features/item/RentalFields.tsx",
  "src/app/features/item/limit-texts.tsx",
  "src/app/features/item/photo-visibility.ts",
  "src/app/features/item/save-item.ts",
  "src/app/features/cart",
  "src/app/features/checkout",
  "src/app/features/profile",
  "src/app/features/history",
  "src/app/features/reviews",
  "src/app/features/staff",
  "src/app/features/kitchen",
  // The admins' back office: a lazy part no guest opens.
  "src/app/features/back-office",
  // The guest's bill: a lazy route of its own (routes/menu.$tableId_.bill.tsx), never a first load.
  "src/app/features/bill",
  "src/app/features/entrance/AccountsLayer.tsx",
  "src/app/features/entrance/EntranceDialog.tsx",
  "src/app/features/entrance/PhoneField.tsx",
  "src/app/features/entrance/AccountMessage.tsx",
  "src/app/orders",
  "src/app/machines",
  "src/app/pwa",
  "src/app/features/info/ContactForm.tsx",
  "src/app/features/info/InfoIndex.tsx",
  "src/app/features/info/InfoPage.tsx",
  "src/app/features/info/contact-form-rules.ts",
  // Shown only on an error, loaded then (features/shell/ErrorScreen.tsx): not in the first load.
  "src/app/api/error-catalogue.ts",
  "src/app/features/shell/DataErrorScreen.tsx",
  // Not on the menu's first screen (issue 13: JS before the first render): the landing page (it
  // waits for its texts after its home-screen redirect), the happy-hour and search views (their
  // routes wait, catalog-routes.ts) and the not-found screen (lazyWithScreens). The language modal
  // keeps its three texts in the first load: a tourist's first tap must not wait for a catalog.
  "src/app/features/landing",
  "src/app/features/menu/HappyHourScreen.tsx",
  "src/app/routes/$service.$tableId.search.tsx",
  "src/app/features/shell/NotFoundScreen.tsx",
  // The footer shows on none of the first-load screens (root route, lazyWithScreens).
  "src/app/features/shell/Footer.tsx",
  "src/app/features/info/info-titles.ts",
];

/** Lingui matches exclusions as globs against absolute paths. */
function asGlob(path: string): string {
  return /\.tsx?$/.test(path) ? `**/${path}` : `**/${path}/**`;
}

/**
 * Greek is the product's default language; messages are written in English in the source and
 * translated to Greek. Both catalogs must be complete (the i18n test fails otherwise).
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["el", "en"],
  fallbackLocales: { default: "el" },
  catalogs: [
    // What the menu's first render needs (src/app/i18n/catalogs.ts): shell, landing, services, menu.
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["src/app"],
      exclude: ["**/*.test.*", "**/features/info/documents/**", ...SCREENS.map(asGlob)],
    },
    // Everything opened later, fetched after the first render.
    {
      path: "<rootDir>/locales/{locale}/screens",
      include: SCREENS,
      exclude: ["**/*.test.*", "**/features/info/documents/**"],
    },
    // The long legal and help texts are read by few guests: their own catalog, loaded only by the
    // info route, keeps them out of the first load of every other page.
    {
      path: "<rootDir>/locales/{locale}/documents",
      include: ["src/app/features/info/documents"],
      exclude: ["**/*.test.*"],
    },
  ],
  format: "po",
});
