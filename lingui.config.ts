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
      exclude: ["**/*.test.*"],
    },
  ],
  format: "po",
});
