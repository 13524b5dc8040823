import { segniAnswerSchema, segniBodySchema, segniIssueMessage } from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { EntityRegistry } from '../../lib/entities.js';
import { requireAuth } from '../../plugins/auth.js';
import { idParams } from '../../plugins/list-routes.js';
import { photoAccess } from './photos.access.js';
import type { PhotosService } from './photos.service.js';

/**
 * `GET` / `PUT /api/photos/:id/segni` (docs/photos.md, "Segni sui difetti"), behind the same route
 * rule as the other photo routes (`photoAccess`); the service checks the photo's own entity.
 */
export const photoSegniRoutes: FastifyPluginAsyncZod<{
  photos: PhotosService;
  entities: EntityRegistry;
}> = async (app, { photos, entities }) => {
  const { read, write } = photoAccess(entities);

  app.get(
    '/api/photos/:id/segni',
    {
      config: { access: read },
      schema: { tags: ['photos'], params: idParams, response: { 200: segniAnswerSchema } },
    },
    async (request) => {
      const { user, companyId } = requireAuth(request);
      return { segni: await photos.getSegni(user, companyId, request.params.id) };
    },
  );

  app.put(
    '/api/photos/:id/segni',
    {
      config: { access: write },
      // The failure is answered here, so the message names the mark ("Segno 3 (pelo): …").
      attachValidation: true,
      schema: {
        tags: ['photos'],
        params: idParams,
        body: segniBodySchema,
        response: { 200: segniAnswerSchema },
      },
    },
    async (request) => {
      const failed = request.validationError;
      if (failed) {
        if (!hasZodFastifySchemaValidationErrors(failed)) throw failed;
        const details = failed.validation.map((v: { instancePath: string; message?: string }) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: segniIssueMessage(
            v.instancePath,
            v.message ?? 'Valore non valido',
            request.body,
          ),
        }));
        throw new AppError('VALIDATION', details[0]?.message ?? 'Dati non validi', { details });
      }
      const { user, companyId } = requireAuth(request);
      return {
        segni: await photos.saveSegni(user, companyId, request.params.id, request.body.segni),
      };
    },
  );
};
