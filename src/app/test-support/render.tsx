import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { type RenderResult, render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";

/** Renders inside Lingui's provider (English source messages, activated in test-setup.ts). */
export function renderWithI18n(ui: ReactElement): RenderResult {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
  });
}
