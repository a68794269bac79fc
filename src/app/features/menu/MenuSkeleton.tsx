import { Trans } from "@lingui/react/macro";
import "./menu.css";

/** Placeholder of the menu while it loads, with the geometry of the real list. */
export function MenuSkeleton() {
  return (
    <section className="page menu" aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>Loading the menu…</Trans>
      </p>
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--chip" />
      <div className="skeleton skeleton--heading" />
      <ul className="menu__items" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((index) => (
          <li key={index} className="menu-item">
            <div className="menu-item__text">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--wide" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
            <div className="menu-item__photo skeleton" />
          </li>
        ))}
      </ul>
    </section>
  );
}
