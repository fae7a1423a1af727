import fp from 'fastify-plugin';

/** Placeholder until the mock identity provider lands (issue 4). */
export default fp(async () => {}, { name: 'mock-identity' });
