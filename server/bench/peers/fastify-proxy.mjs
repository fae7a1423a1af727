// Peer: bare Fastify with @fastify/http-proxy (no logging, no hooks): what the library alone costs.
import process from 'node:process';
import Fastify from 'fastify';
import httpProxy from '@fastify/http-proxy';

const app = Fastify({ logger: false });
await app.register(httpProxy, { upstream: process.env.UPSTREAM, prefix: '/api', rewritePrefix: '/api' });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 4096 });
