/**
 * Component tests render in English with the source messages (no compiled catalog needed), and
 * every test starts with empty storage and an unmounted tree.
 */
import { i18n } from "@lingui/core";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { markFirstScreenAfter } from "./navigation/first-screen";

i18n.loadAndActivate({ locale: "en", messages: {} });

// Components render as they do once the app's first screen is up (main.tsx marks it in the app).
markFirstScreenAfter(Promise.resolve(), (work) => work());

// findBy/waitFor wait up to 10 s instead of 1 s: on the 2-core CI machine, with the app suite's
// workers and other work beside them, a screen that renders in 300 ms alone has taken over 5 s
// (TablePicker, OrderChangeStatusScreen). A passing wait ends as soon as its element is there.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
});
