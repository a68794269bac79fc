/**
 * A titled page with a clear empty state: used by the screens whose content arrives in later
 * issues (profile, history, reviews, staff, cart, ...), so every route already looks finished.
 */
import type { ReactNode } from "react";
import { TitledPage } from "./TitledPage";

export type EmptyStateArt = "receipt" | "person" | "star" | "bag" | "staff" | "search" | "sun";

interface EmptyStatePageProps {
  title: string;
  heading: ReactNode;
  body: ReactNode;
  art: EmptyStateArt;
  /** Optional links or buttons below the text. */
  actions?: ReactNode;
  /** Optional content between the title and the empty state (e.g. a search field). */
  children?: ReactNode;
  /** Content that, when present, replaces the empty state (e.g. search results). */
  results?: ReactNode;
}

export function EmptyStatePage({ title, heading, body, art, actions, children, results }: EmptyStatePageProps) {
  return (
    <TitledPage title={title}>
      {children}
      {results || (
        <div className="empty-state card">
          <EmptyArt art={art} />
          <h2 className="empty-state__heading">{heading}</h2>
          <p className="empty-state__body">{body}</p>
          {actions && <div className="empty-state__actions">{actions}</div>}
        </div>
      )}
    </TitledPage>
  );
}

const ART_PATHS: Record<EmptyStateArt, string> = {
  receipt: "M38 22h44v56l-7-5-7 5-7-5-7 5-7-5-9 5zM48 38h24M48 48h24M48 58h14",
  person: "M60 50a12 12 0 100-24 12 12 0 000 24zM36 78c2-14 12-20 24-20s22 6 24 20",
  star: "M60 22l10 21 23 3-17 16 4 23-20-11-20 11 4-23-17-16 23-3z",
  bag: "M36 40h48l-4 40H40zM48 40v-6a12 12 0 0124 0v6",
  staff: "M34 30h52v40H34zM44 80h32M60 70v10M44 44h10M44 54h20",
  search: "M54 64a18 18 0 100-36 18 18 0 000 36zM67 59l17 17",
  sun: "M60 62a14 14 0 100-28 14 14 0 000 28zM60 20v6M60 70v6M38 48h-6M88 48h-6M44 32l-4-4M80 68l-4-4M76 32l4-4M40 68l4-4",
};

function EmptyArt({ art }: { art: EmptyStateArt }) {
  return (
    <svg className="empty-state__art" viewBox="0 0 120 96" width="120" height="96" aria-hidden="true">
      <circle cx="60" cy="50" r="44" fill="var(--sea-50)" />
      <path
        d={ART_PATHS[art]}
        fill="none"
        stroke="var(--sea-600)"
        strokeWidth="4"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
