import { defineConfig } from "@lingui/cli";

/**
 * Greek is the product's default language; messages are written in English in the source and
 * translated to Greek. Both catalogs must be complete (the i18n test fails otherwise).
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["el", "en"],
  fallbackLocales: { default: "el" },
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["src/app"],
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
