import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema } from '@gestcava/contracts';

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'Inserisci la password attuale' }),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, { error: 'Ripeti la nuova password' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Le due password non coincidono',
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    error: 'La nuova password deve essere diversa da quella attuale',
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;
export type ChangePasswordField = keyof ChangePasswordFormValues;

/** The server's rules, shown before the user types (the server enforces them). */
export const PASSWORD_RULES = [
  `Almeno ${PASSWORD_MIN} caratteri, al massimo ${PASSWORD_MAX}`,
  'Non una delle password più usate e facili da indovinare',
  'Diversa da quella attuale',
];
