/**
 * The contest banner of spec §1/§9: a draw on 31 August 2022 for a tablet among guests who order
 * through the app. It shows only until the draw date has passed (by the Athens calendar, the
 * date the app's clock gives). That date is long gone: since 1 September 2022 the banner never
 * shows, so in 2026 guests do not see it. It stays because the spec lists it; a new contest needs
 * only a new date here (and the tests move with it).
 */
export const CONTEST_DRAW_DATE = "2022-08-31";

/** Whether the banner shows on this Athens date (YYYY-MM-DD); not while the date is unknown. */
export function contestBannerShown(athensDate: string | null | undefined): boolean {
  return athensDate != null && athensDate <= CONTEST_DRAW_DATE;
}
