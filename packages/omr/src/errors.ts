/** A file that cannot become a page raster (not an image, corrupt, an empty PDF); the message is Chinese. */
export class OmrInputError extends Error {
  override name = 'OmrInputError';
}

/** The picture formats a scan may come in (besides PDF), and what a file of another kind is told. */
export const IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'tiff', 'webp']);
export const NOT_AN_IMAGE = '不是可识别的图片文件（支持 JPEG、PNG、TIFF、WebP 和 PDF）';
export const unsupportedFormat = (format?: string) => `不支持的文件格式${format ? `（${format}）` : ''}：请上传 JPEG、PNG、TIFF、WebP 或 PDF`;
