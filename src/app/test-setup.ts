/**
 * Component tests render in English with the source messages (no compiled catalog needed), and
 * every test starts with empty storage and an unmounted tree.
 */
import { i18n } from "@lingui/core";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";

i18n.loadAndActivate({ locale: "en", messages: {} });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
});
