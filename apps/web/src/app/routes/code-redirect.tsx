import { CodeRedirect } from '@/features/codici/components/code-redirect';

/** /c/:codice: a label's QR code lands here (issue 18). */
export const Component = CodeRedirect;
