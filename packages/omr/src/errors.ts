/** A file that cannot become a page raster (not an image, corrupt, an empty PDF); the message is Chinese. */
export class OmrInputError extends Error {
  override name = 'OmrInputError';
}
