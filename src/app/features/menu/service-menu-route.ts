import { getRouteApi } from "@tanstack/react-router";

/**
 * The /:service/:tableId layout route: it loads the table and the service's menu once for every
 * screen below it (menu, categories, happy hour, search, cart).
 */
export const serviceMenuRoute = getRouteApi("/$service/$tableId");
