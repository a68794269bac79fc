// PLACEHOLDER wired by the lead; replaced by its owner (H).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OrdersContext } from "../../orders/context";

export const orderHistoryRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async () => {};
