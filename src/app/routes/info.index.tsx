import { createFileRoute } from "@tanstack/react-router";
import { InfoIndex } from "../features/info/InfoIndex";
import { parseFlag } from "../navigation/route-params";

interface InfoSearch {
  /** Opened inside the native app wrapper: the site's header and footer are hidden. */
  isApplication?: boolean;
}

export const Route = createFileRoute("/info/")({
  validateSearch: (search: Record<string, unknown>): InfoSearch => {
    const isApplication = parseFlag(search.isApplication);
    return isApplication === undefined ? {} : { isApplication };
  },
  staticData: { screen: "info" },
  component: InfoIndexPage,
});

function InfoIndexPage() {
  const { isApplication } = Route.useSearch();
  return <InfoIndex isApplication={isApplication === true} />;
}
