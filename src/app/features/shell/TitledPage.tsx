/**
 * A page with its title as the one <h1> and as the document title (use-page-title.ts); `busy`
 * tells assistive technology that its content is still loading.
 */
import type { ReactNode } from "react";
import { usePageTitle } from "./use-page-title";

interface TitledPageProps {
  title: string;
  /** Extra class beside "page" (the screen's own styles). */
  className?: string;
  busy?: boolean;
  children: ReactNode;
}

export function TitledPage({ title, className, busy, children }: TitledPageProps) {
  usePageTitle(title);
  return (
    <section className={className ? `page ${className}` : "page"} aria-labelledby="page-title" aria-busy={busy}>
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
