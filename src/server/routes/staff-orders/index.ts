// PLACEHOLDER wired by the lead; replaced by its owner (S2).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OrdersContext } from "../../orders/context";

export const staffOrderRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async () => {};
