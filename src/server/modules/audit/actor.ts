import type { FastifyRequest } from 'fastify';

/** Who is acting: the signed-in Admin. */
export interface Actor {
  id: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({ id: request.auth!.userId });
