import { createFileRoute } from "@tanstack/react-router";
import { InfoPage } from "../features/info/InfoPage";
import { loadDocumentsCatalog } from "../i18n/catalogs";
import { parseFlag, parseInfoType } from "../navigation/route-params";

interface InfoSearch {
  /** Spec §2: opened inside the native app wrapper; the site's header and footer are hidden. */
  isApplication?: boolean;
}

export const Route = createFileRoute("/info/$type")({
  params: {
    parse: (raw) => ({ type: parseInfoType(raw.type) }),
    stringify: (params) => ({ type: params.type }),
  },
  validateSearch: (search: Record<string, unknown>): InfoSearch => {
    const isApplication = parseFlag(search.isApplication);
    return isApplication === undefined ? {} : { isApplication };
  },
  staticData: { screen: "specific-info" },
  loader: () => loadDocumentsCatalog(),
  component: SpecificInfoPage,
});

function SpecificInfoPage() {
  const { type } = Route.useParams();
  return <InfoPage type={type} />;
}
