import {
  associateUserBodySchema,
  companiesResponseSchema,
  companyResponseSchema,
  createCompanyBodySchema,
  idSchema,
  logoResponseSchema,
  updateCompanyBodySchema,
  userResponseSchema,
} from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { ZodApp } from '../../lib/module.js';
import type { Storage } from '../../lib/storage.js';
import { discardFiles, IMAGE_KINDS, readMultipart } from '../../lib/uploads.js';
import { requireAuth } from '../../plugins/auth.js';
import { LOGO_MAX_BYTES } from './companies.logo.js';
import type { CompaniesService } from './companies.service.js';

/** The product's mark, the web app's own icon (apps/web/public/favicon.svg). */
const PRODUCT_MARK = '/favicon.svg';

/** A browser loading an image asks for image types first; the app's HTTP client asks for JSON. */
function wantsImage(accept: string | undefined): boolean {
  return /^\s*image\//i.test(accept ?? '');
}

const readGroup = { page: ['clienti', 'fornitori'], mode: 'read' } as const;
const nullableCompanyResponse = z.object({
  success: z.literal(true),
  company: companyResponseSchema.shape.company.nullable(),
});

/** `companyId` (optional) of the upload's form; the default is the company the request acts for. */
function companyIdOf(request: FastifyRequest, fields: Record<string, string>) {
  if (!fields.companyId) return requireAuth(request).companyId;
  const parsed = idSchema.safeParse(fields.companyId);
  if (!parsed.success)
    throw badRequest('Azienda non valida', [{ path: 'companyId', message: 'Azienda non valida' }]);
  return parsed.data;
}

/** The logo's form, its company checked before the file is received. */
function receiveLogo(request: FastifyRequest, storage: Storage) {
  return readMultipart(request, storage, {
    fileField: 'logo',
    allowed: IMAGE_KINDS,
    maxBytes: LOGO_MAX_BYTES,
    maxFiles: 1,
    tooManyFiles: () => new AppError('PAYLOAD_TOO_LARGE', 'Invia un solo logo'),
    beforeFile: async (sofar) => void companyIdOf(request, sofar),
  });
}

/** The logo of the signed-in user's company, as a link or as the image itself. */
function registerUserLogoRoute(app: ZodApp, companies: CompaniesService) {
  // The logo of the signed-in user's company (public: the login page asks too, and gets none). It
  // lives here, not in users/, so users/ does not depend on companies/ while companies/ depends on users/.
  app.get(
    '/user/logo',
    {
      config: { access: 'public', duringPasswordChange: true },
      schema: { tags: ['user'], response: { 200: logoResponseSchema } },
    },
    async (request, reply) => {
      const logoUrl = await companies.logoUrlFor(request.companyId);
      if (!wantsImage(request.headers.accept)) return { logoUrl };
      // An <img src="/user/logo">: the image itself, by way of its signed link, or the product's
      // mark when there is no logo; asked again on each load so a new logo shows at once
      // (docs/api.md "The logo as an image").
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept')
        .redirect(logoUrl ?? PRODUCT_MARK, 302);
    },
  );
}

/** The group's companies, one company, the caller's own. */
function registerCompanyReadRoutes(app: ZodApp, companies: CompaniesService) {
  app.get(
    '/companies/list',
    {
      config: { access: readGroup },
      schema: { tags: ['companies'], response: { 200: companiesResponseSchema } },
    },
    async () => ({ success: true as const, companies: await companies.list() }),
  );

  app.get(
    '/companies/details/:id',
    {
      config: { access: readGroup },
      schema: {
        tags: ['companies'],
        params: z.object({ id: idSchema }),
        response: { 200: companyResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      company: await companies.get(request.params.id),
    }),
  );

  app.get(
    '/companies/user-company',
    {
      config: { access: 'authenticated', duringPasswordChange: true },
      schema: { tags: ['companies'], response: { 200: nullableCompanyResponse } },
    },
    async (request) => ({
      success: true as const,
      company: await companies.get(requireAuth(request).companyId),
    }),
  );
}

/** An admin creates and edits a company. */
function registerCompanyEditRoutes(app: ZodApp, companies: CompaniesService) {
  app.post(
    '/companies/create',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        body: createCompanyBodySchema,
        response: { 201: companyResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, company: await companies.create(request.body) }),
  );

  app.put(
    '/companies/update',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        body: updateCompanyBodySchema,
        response: { 200: companyResponseSchema },
      },
    },
    async (request) => ({ success: true as const, company: await companies.update(request.body) }),
  );
}

/** An admin uploads a company's logo. */
function registerCompanyLogoUploadRoute(
  app: ZodApp,
  companies: CompaniesService,
  storage: Storage,
) {
  app.post(
    '/companies/upload-logo',
    {
      config: { access: 'admin' },
      preHandler: app.limits.upload,
      schema: {
        tags: ['companies'],
        consumes: ['multipart/form-data'],
        response: { 200: companyResponseSchema.extend({ logoUrl: z.string().nullable() }) },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Invia il logo come multipart/form-data');
      const { fields, files } = await receiveLogo(request, storage);
      try {
        const [file] = files;
        if (!file)
          throw badRequest('Nessun file da caricare', [
            { path: 'logo', message: 'Scegli un file immagine' },
          ]);
        const company = await companies.uploadLogo(companyIdOf(request, fields), file);
        return { success: true as const, company, logoUrl: company.logoUrl };
      } finally {
        await discardFiles(files);
      }
    },
  );
}

/** An admin moves a user into a company. */
function registerCompanyUserRoute(app: ZodApp, companies: CompaniesService) {
  app.post(
    '/companies/associate-user',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        body: associateUserBodySchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await companies.associateUser(
        request.body.userId,
        request.body.companyId ?? auth.companyId,
        auth,
      );
      return { success: true as const, user };
    },
  );
}

export const companiesRoutes: FastifyPluginAsyncZod<{
  companies: CompaniesService;
  storage: Storage;
}> = async (app, { companies, storage }) => {
  registerUserLogoRoute(app, companies);
  registerCompanyReadRoutes(app, companies);
  registerCompanyEditRoutes(app, companies);
  registerCompanyLogoUploadRoute(app, companies, storage);
  registerCompanyUserRoute(app, companies);
};
