// GET /api/schema/: the OpenAPI 3.1 document generated from the route schemas, as JSON or YAML.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const schemaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/schema/', {
    schema: {
      tags: ['schema'],
      summary: 'The OpenAPI document of this API',
      querystring: z.object({
        format: z.enum(['json', 'yaml']).default('json'),
        lang: z.string().optional().describe('Accepted for compatibility; the document is in English'),
      }),
    },
    handler: async (request, reply) => {
      if (request.query.format === 'yaml') {
        return reply.type('application/yaml').send(app.swagger({ yaml: true }));
      }
      return reply.type('application/json').send(app.swagger());
    },
  });
};

export default schemaRoutes;
