/**
 * The parts of an uploaded .docx, read with yauzl (as the xlsx reader does): only the parts asked for are
 * inflated, every inflated byte counts against the file's budget (a zip header can lie about sizes), and an image
 * stops at its own limit. Anything that is not a readable zip is a 400 with a Chinese message, never a crash.
 */
import yauzl from 'yauzl';
import { BizError } from '../../core/http.js';

export const NOT_DOCX = '文件格式不正确，请上传 .docx 格式的 Word 文件（不支持 .doc，可在 Word 中另存为 .docx）';

const MB = 1024 * 1024;

export const DOCX_LIMITS = {
  /** The uploaded file. */
  fileBytes: 20 * MB,
  /** Bytes inflated over every part read. */
  expandedBytes: 60 * MB,
  /** One image, inflated. */
  imageBytes: 5 * MB,
  /** Questions of one paper. */
  questions: 200,
  entries: 5_000,
};

export const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

export interface DocxParts {
  /** Inflates one part; null when absent. `label` names it in the message when it is over `maxBytes`. */
  read(path: string, maxBytes?: { bytes: number; message: string }): Promise<Buffer | null>;
  close(): void;
}

export async function openDocx(buffer: Buffer): Promise<DocxParts> {
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw new BizError(NOT_DOCX);
  let zip: yauzl.ZipFile;
  const entries = new Map<string, yauzl.Entry>();
  try {
    zip = await yauzl.fromBufferPromise(buffer, { validateEntrySizes: false, strictFileNames: false, autoClose: false });
    if (zip.entryCount > DOCX_LIMITS.entries) throw new BizError(NOT_DOCX);
    for await (const e of zip.eachEntry()) entries.set(e.fileName.replace(/^\/+/, '').toLowerCase(), e);
  } catch (err) {
    if (err instanceof BizError) throw err;
    throw new BizError(NOT_DOCX);
  }
  let inflated = 0;
  const budget = () => new BizError(`文件解压后超过 ${mb(DOCX_LIMITS.expandedBytes)}，疑似压缩炸弹或内容过多，已拒绝导入`);
  return {
    async read(path, limit) {
      const entry = entries.get(path.toLowerCase());
      if (!entry) return null;
      if (limit && entry.uncompressedSize > limit.bytes) throw new BizError(limit.message);
      if (inflated + entry.uncompressedSize > DOCX_LIMITS.expandedBytes) throw budget();
      const chunks: Buffer[] = [];
      let own = 0;
      try {
        const stream = await zip.openReadStreamPromise(entry);
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            inflated += chunk.length;
            own += chunk.length;
            if (limit && own > limit.bytes) throw new BizError(limit.message);
            if (inflated > DOCX_LIMITS.expandedBytes) throw budget();
            chunks.push(chunk);
          }
        } finally {
          stream.destroy();
        }
      } catch (err) {
        if (err instanceof BizError) throw err;
        throw new BizError(NOT_DOCX);
      }
      return Buffer.concat(chunks);
    },
    close() { zip.close(); },
  };
}
