import { Trans } from "@lingui/react/macro";
import "./services.css";

/** Placeholder of the services screen while the table loads; same geometry, so nothing jumps. */
export function ServicesSkeleton() {
  return (
    <section className="page services" aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>Loading…</Trans>
      </p>
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--chip" />
      <ul className="services__list" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="service-card card">
            <div className="service-card__photo skeleton" />
            <div className="service-card__body">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--wide" />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
