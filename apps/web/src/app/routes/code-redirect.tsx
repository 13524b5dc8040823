import { CodeRedirect } from '@/features/codici/components/code-redirect';

/** /c/:codice: a label's QR code lands here. */
export const Component = CodeRedirect;
