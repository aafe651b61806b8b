/** Errors in the shape every service uses: `{ "status": N, "message": "..." }`, never a stack trace. */
import type { FastifyReply } from 'fastify';

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  reply.header('cache-control', 'no-cache');
  return reply.code(status).type('application/json; charset=utf-8').send({ status, message });
}
