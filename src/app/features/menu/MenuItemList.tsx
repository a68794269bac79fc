import type { ItemDto } from "../../../domain/api";
import type { LanguageState } from "../../../domain/language-choice";
import { MenuItemCard } from "./MenuItemCard";
import type { MenuPricing } from "./menu-pricing";

interface MenuItemListProps {
  items: readonly ItemDto[];
  language: LanguageState;
  /** null until the live rules are loaded (list prices meanwhile). */
  pricing: MenuPricing | null;
  showPhotos: boolean;
  orderable: boolean;
  className?: string;
  label?: string;
  /** How many of the list's first items are on the first screen (their photos load first). */
  priorityPhotos?: number;
  /** The allergen filter is on: items without a declaration say so. */
  markAllergensNotStated?: boolean;
}

/** A list of item cards (a menu section, search results, the happy-hour view). */
export function MenuItemList({
  items,
  language,
  pricing,
  showPhotos,
  orderable,
  className,
  label,
  priorityPhotos = 0,
  markAllergensNotStated = false,
}: MenuItemListProps) {
  return (
    <ul className={`menu__items ${className ?? ""}`} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id}>
          <MenuItemCard
            item={item}
            language={language}
            showPhoto={showPhotos}
            pricing={pricing}
            orderable={orderable}
            priorityPhoto={index < priorityPhotos}
            markAllergensNotStated={markAllergensNotStated}
          />
        </li>
      ))}
    </ul>
  );
}
