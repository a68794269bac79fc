// PLACEHOLDER wired by the lead; replaced by its owner (R).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OrdersContext } from "../orders/context";

export const stompEndpoint: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async () => {};
