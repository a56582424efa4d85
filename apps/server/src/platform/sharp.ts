import { once } from './once';

/**
 * sharp (libvips), loaded at the first image, not with the server: its native library and code
 * are several MB of memory that a server which handles no picture never needs.
 */
export const loadSharp = once(async () => (await import('sharp')).default);
