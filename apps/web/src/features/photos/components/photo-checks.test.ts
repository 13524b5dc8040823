import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES, PHOTO_MESSAGES } from '@gestcava/contracts';
import { photoFileProblem, uploadRequestProblem } from './photo-checks';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('photo checks before sending', () => {
  it('accepts JPEG, PNG and WebP by type, and by extension when the type is unknown', () => {
    expect(photoFileProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(photoFileProblem(file('a.png', 'image/png'))).toBeNull();
    expect(photoFileProblem(file('a.webp', 'image/webp'))).toBeNull();
    expect(photoFileProblem(file('IMG_0001.JPEG', ''))).toBeNull();
    expect(photoFileProblem(file('scatto.jpg', 'application/octet-stream'))).toBeNull();
  });

  it('HEIC has its own message, by type or by extension', () => {
    expect(photoFileProblem(file('IMG_0002.HEIC', 'image/heic'))).toBe(PHOTO_MESSAGES.heic);
    expect(photoFileProblem(file('IMG_0003.heif', ''))).toBe(PHOTO_MESSAGES.heic);
  });

  it('anything else is refused, whatever its name says', () => {
    expect(photoFileProblem(file('verbale.pdf', 'application/pdf'))).toBe(
      PHOTO_MESSAGES.unsupported,
    );
    expect(photoFileProblem(file('foto.gif', 'image/gif'))).toBe(PHOTO_MESSAGES.unsupported);
    expect(photoFileProblem(file('finta.jpg', 'text/plain'))).toBe(PHOTO_MESSAGES.unsupported);
    expect(photoFileProblem(file('senza-estensione', ''))).toBe(PHOTO_MESSAGES.unsupported);
  });

  it('over 25 MB is too large; exactly 25 MB goes', () => {
    expect(photoFileProblem(file('a.jpg', 'image/jpeg', PHOTO_MAX_BYTES))).toBeNull();
    expect(photoFileProblem(file('a.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1))).toBe(
      PHOTO_MESSAGES.tooLarge,
    );
  });

  it('the request: the fixed messages for no file and no entity, then the count limit', () => {
    const entity = { entityType: 'blocco', entityId: '01a2-id' };
    expect(uploadRequestProblem({ ...entity, fileCount: 0 })).toBe('Nessun file da caricare');
    expect(uploadRequestProblem({ entityType: 'blocco', entityId: '', fileCount: 1 })).toBe(
      'EntityType o EntityId mancanti',
    );
    expect(uploadRequestProblem({ entityType: '', entityId: 'x', fileCount: 1 })).toBe(
      'EntityType o EntityId mancanti',
    );
    expect(uploadRequestProblem({ ...entity, fileCount: PHOTO_MAX_FILES })).toBeNull();
    expect(uploadRequestProblem({ ...entity, fileCount: PHOTO_MAX_FILES + 1 })).toBe(
      PHOTO_MESSAGES.tooMany,
    );
  });
});
