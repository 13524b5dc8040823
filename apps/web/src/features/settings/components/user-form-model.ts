import { z } from 'zod';
import {
  emailSchema,
  nameSchema,
  passwordSchema,
  permissionsSchema,
  roleSchema,
  type User,
} from '@gestcava/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { permissionsOf, gridOf } from './permissions-model';

// The user form's values and checks, shared by its parts.

export interface CompanyChoice {
  _id: string;
  name: string;
}

export const baseSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: z.string(),
  role: roleSchema,
  companyId: z.string().min(1, { error: 'Scegli la ditta' }),
  permissions: permissionsSchema,
  active: z.boolean(),
});
export const createSchema = baseSchema.extend({ password: passwordSchema });

export type FormInput = z.input<typeof baseSchema>;
export type FormOutput = z.output<typeof baseSchema>;
export const FIELDS = ['name', 'email', 'password', 'role', 'companyId', 'permissions', 'active'];

export const ROLE_OPTIONS = [
  { label: 'Utente', value: 'user' },
  { label: 'Amministratore', value: 'admin' },
];

export const fid = (name: string) => `user-${name}`;

/** What an edit changed that ends the user's sessions (docs/api.md "Sessions and anti-forgery"). */
export function revokes(before: User, after: FormOutput): boolean {
  return (
    before.role !== after.role ||
    before.active !== after.active ||
    before.companyId !== after.companyId ||
    JSON.stringify(permissionsOf(gridOf(before.permissions))) !==
      JSON.stringify(permissionsOf(gridOf(after.permissions)))
  );
}

export type UserForm = UseFormReturn<FormInput, unknown, FormOutput>;
