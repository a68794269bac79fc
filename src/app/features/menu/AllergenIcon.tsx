/**
 * A small line drawing per allergen and dietary tag. Always shown beside its name (an icon alone
 * tells a screen reader nothing and a guest not much more), so it is hidden from assistive tech.
 */
import type { Allergen, DietaryTag } from "../../../domain/allergens";

const WHEAT =
  "M12 22V6M12 9c-3-1-4-3-4-6 3 0 4 2 4 6zm0 0c3-1 4-3 4-6-3 0-4 2-4 6zm0 6c-3-1-4-3-4-6 3 0 4 2 4 6zm0 0c3-1 4-3 4-6-3 0-4 2-4 6z";
const LEAF = "M5 19C5 9 11 4 20 4c0 9-5 15-15 15zm0 0 8-8";

const PATHS: Readonly<Record<Allergen | DietaryTag, string>> = {
  gluten: WHEAT,
  crustaceans: "M6 6c8-2 14 4 10 12-2 3-6 3-8 1m8-1 3 3M6 6 3 4m6 5 3 2m-1 3 3 1",
  eggs: "M12 3c4 0 7 7 7 11a7 7 0 0 1-14 0c0-4 3-11 7-11z",
  fish: "M3 12c4-6 12-6 16 0-4 6-12 6-16 0zm16 0 3-3v6zm-11-1h.01",
  peanuts: "M9 4a4 4 0 0 1 6 0c1 2 0 4-1 5 1 1 2 3 1 5a4 4 0 0 1-6 0c-1-2 0-4 1-5-1-1-2-3-1-5z",
  soybeans: "M4 20C4 11 11 4 20 4c0 9-7 16-16 16zm5-5h.01M12 12h.01M15 9h.01",
  milk: "M9 2h6v4l2 3v13H7V9l2-3zM7 13h10",
  nuts: "M5 10c0-4 3-6 7-6s7 2 7 6zm1 0c0 6 3 11 6 11s6-5 6-11M12 4V2",
  celery: "M8 22V10M12 22V8m4 14V10M8 10C6 8 6 5 8 3m8 7c2-2 2-5 0-7m-4 5V2",
  mustard: "M11 2h2v3h-2zM9 5h6l1 4v13H8V9z",
  sesame: "M8 4c2 2 2 5 0 7-2-2-2-5 0-7zm8 0c2 2 2 5 0 7-2-2-2-5 0-7zm-4 9c2 2 2 5 0 7-2-2-2-5 0-7z",
  sulphites: "M7 2h10c0 6-2 9-5 9s-5-3-5-9zm5 9v9m-4 2h8",
  lupin: "M12 22V7m0-1a2 2 0 1 1 0-4 2 2 0 0 1 0 4zm-3 5a3 3 0 0 1 6 0m-7 4a4 4 0 0 1 8 0m-9 4a5 5 0 0 1 10 0",
  molluscs: "M3 17C3 10 7 5 12 5s9 5 9 12zm9-12v12M7 7l3 10m7-10-3 10M5 20h14",
  vegetarian: LEAF,
  vegan: "M12 20c-6 0-8-6-8-12 6 0 8 4 8 12zm0 0c6 0 8-6 8-12-6 0-8 4-8 12z",
  "gluten-free": `${WHEAT}M3 3l18 18`,
};

export function AllergenIcon({ id, size = 16 }: { id: Allergen | DietaryTag; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="allergen-icon"
    >
      <path d={PATHS[id]} />
    </svg>
  );
}
