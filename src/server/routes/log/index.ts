// PLACEHOLDER wired by the lead; replaced by its owner (C1).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OrdersContext } from "../../orders/context";

export const logRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async () => {};
