/**
 * What csp-and-a11y.spec.ts checks on every screen (issue 11 item 7, issue 12 item 4):
 * - no Content-Security-Policy violation: the `securitypolicyviolation` events of the document
 *   and Chromium's "Refused to ..." console errors, which also report what a worker was refused;
 * - no serious or critical axe violation (WCAG 2.0/2.1/2.2 A and AA rules, colour contrast included);
 * - touch targets of at least 44x44 CSS px (issue 12 item 4; the product brief's PDA rule).
 * Findings are collected, not thrown, so that one run lists every screen's problems.
 */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Listens for CSP violations in every page of the context, from its first script on. */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const consoleErrors: string[] = [];
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(text)) {
      consoleErrors.push(text);
    }
  });
  return consoleErrors;
}

export class ScreenAudit {
  readonly findings: string[] = [];
  readonly screens: string[] = [];

  constructor(private readonly consoleCspErrors: string[]) {}

  /** Runs every check on the page as it is now (a dialog open included), under a screen's name. */
  async check(page: Page, screen: string, options: { touchTargets?: boolean } = {}): Promise<void> {
    this.screens.push(screen);
    await page.waitForLoadState("load");
    // Colours mid-fade (a notice or dialog sliding in) are not what the guest reads: wait for
    // every finite animation and transition to end (endless ones, such as skeletons, excepted).
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" ||
              animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      null,
      { timeout: 5_000 },
    );
    const violations = await page.evaluate(() => window.__cspViolations?.splice(0) ?? []);
    const consoleErrors = this.consoleCspErrors.splice(0);
    for (const violation of [...violations, ...consoleErrors]) this.findings.push(`${screen}: CSP ${violation}`);

    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    for (const violation of axe.violations) {
      if (violation.impact !== "serious" && violation.impact !== "critical") continue;
      const targets = violation.nodes
        .slice(0, 4)
        .map((node) => `${node.target.join(" ")}${node.failureSummary ? ` (${firstLine(node.failureSummary)})` : ""}`);
      this.findings.push(`${screen}: axe ${violation.impact} ${violation.id}: ${targets.join("; ")}`);
    }

    if (options.touchTargets) {
      for (const small of await smallTouchTargets(page)) this.findings.push(`${screen}: touch target ${small}`);
    }
  }
}

function firstLine(summary: string): string {
  return (
    summary
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)[1] ?? ""
  );
}

export const MIN_TARGET_PX = 44;

/**
 * Every visible control smaller than 44x44 px. A visually hidden checkbox or radio counts by its
 * label (the label is what a finger taps), a control stretched over its card by its ::after counts
 * by the card. Exempt, as WCAG 2.5.8 allows: a link inside a sentence
 * (display inline, within a paragraph or list item that has other text), and screen-reader-only
 * elements (1x1 px, shown only on focus, such as a skip link).
 */
export async function smallTouchTargets(page: Page, min = MIN_TARGET_PX): Promise<string[]> {
  return page.evaluate((minimum) => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"]';
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest("[inert]")) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (element.matches('input[type="checkbox"], input[type="radio"]')) {
        const label =
          element.closest("label") ??
          (element.id ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(element.id)}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      // A control stretched over its card by an absolutely placed ::after (the menu item's
      // name): the card is what a finger taps.
      const after = getComputedStyle(element, "::after");
      if (after.content !== "none" && after.position === "absolute") {
        let holder = element.parentElement;
        while (holder && getComputedStyle(holder).position === "static") holder = holder.parentElement;
        if (holder) box = holder.getBoundingClientRect();
      }
      if (box.width <= 1 && box.height <= 1) continue;
      if (element.tagName === "A" && style.display === "inline") {
        const sentence = element.parentElement?.closest("p, li");
        if (sentence && sentence.textContent?.trim() !== element.textContent?.trim()) continue;
      }
      if (box.width < minimum - 0.5 || box.height < minimum - 0.5) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
        const classes =
          element.className && typeof element.className === "string" ? `.${element.className.split(" ")[0]}` : "";
        small.push(
          `${element.tagName.toLowerCase()}${classes} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, min);
}

/**
 * Tabs through the page and answers the visible controls that Tab never reached. Each control is
 * tagged first; Tab is pressed until focus comes back to the first one reached (or enough times).
 */
export async function controlsTabNeverReaches(page: Page): Promise<string[]> {
  const count = await page.evaluate(() => {
    const selector =
      'button:not([disabled]), a[href], input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
    let index = 0;
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest("[inert]")) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      element.dataset.tabWalk = String(index++);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return index;
  });
  const reached = new Set<string>();
  for (let press = 0; press < count + 15; press++) {
    await page.keyboard.press("Tab");
    const id = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.tabWalk ?? null);
    if (id !== null) reached.add(id);
    if (reached.size === count) break;
  }
  return page.evaluate(
    (seen) => {
      const missed: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>("[data-tab-walk]")) {
        if (!seen.includes(element.dataset.tabWalk ?? "")) {
          missed.push(
            `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`,
          );
        }
        delete element.dataset.tabWalk;
      }
      return missed;
    },
    [...reached],
  );
}
