/**
 * The S3-compatible store (STORAGE=s3): MinIO, and the object stores of the Chinese clouds that speak the S3
 * protocol, through @aws-sdk/client-s3. Every api instance and worker opens the same bucket, so a file written by
 * one machine is read by another. Bodies stream both ways: an upload goes up in 8 MB parts (@aws-sdk/lib-storage;
 * the object exists only once the upload completes, so a reader never sees half of it), a download is the response
 * stream. The SDK's newer default request checksums (aws-chunked bodies with a trailing CRC) are sent only where the
 * protocol requires them: several S3-compatible stores and older MinIO refuse or mis-store the others.
 * The SDK loads with the first call, so a process on the local store never loads it.
 */
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { byteLimit, checkKey, StorageLimitError, StorageNotFound, type S3StorageConfig, type Storage } from './storage.js';

/** Upload part size: lib-storage keeps about queueSize parts in memory per upload. */
const PART_BYTES = 8 * 1024 * 1024;

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

async function clientOf(config: S3StorageConfig): Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> {
  // the pinned SDK runs on Node 20; its notice about later versions needing Node 22 is not for the operator
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const sdk = await import('@aws-sdk/client-s3');
  const s3 = new sdk.S3Client({
    region: config.region, endpoint: config.endpoint, forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey ?? '' } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { s3, sdk };
}

export function s3Storage(config: S3StorageConfig): Storage {
  const Bucket = config.bucket;
  let client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  const open = () => (client ??= clientOf(config));

  async function list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const { s3, sdk } = await open();
    const out: { key: string; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, modifiedAt: o.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  return {
    async put(key, body, opts = {}) {
      checkKey(key);
      const { s3, sdk } = await open();
      if (!(body instanceof Readable)) {
        if (opts.maxBytes !== undefined && body.length > opts.maxBytes) throw new StorageLimitError(opts.maxBytes);
        await s3.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length }));
        return body.length;
      }
      const limit = byteLimit(opts.maxBytes, opts.drain);
      const { Upload } = await import('@aws-sdk/lib-storage');
      const upload = new Upload({ client: s3, params: { Bucket, Key: key, Body: body.pipe(limit.counter) }, partSize: PART_BYTES, queueSize: 2 });
      // a source that fails (or passes the limit: the source is destroyed, as the local store does) aborts the
      // multipart upload: no object is made
      const failed = new Promise<never>((_resolve, reject) => {
        const stop = (e: Error) => {
          if (e instanceof StorageLimitError) body.destroy();
          void upload.abort().catch(() => undefined);
          reject(e);
        };
        body.once('error', stop);
        limit.counter.once('error', stop);
      });
      const done = upload.done();
      done.catch(() => undefined); // when the source failed first, its error is the one answered
      await Promise.race([done, failed]);
      if (limit.over()) {
        await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
        throw new StorageLimitError(opts.maxBytes!);
      }
      return limit.bytes();
    },
    async getStream(key) {
      const { s3, sdk } = await open();
      try {
        const r = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return r.Body as Readable;
      } catch (e) {
        if (notFound(e)) throw new StorageNotFound(key);
        throw e;
      }
    },
    async getBytes(key) {
      const stream = await this.getStream(key);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    },
    async stat(key) {
      const { s3, sdk } = await open();
      try {
        const r = await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: r.ContentLength ?? 0, modifiedAt: r.LastModified ?? new Date(0) };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      const { s3, sdk } = await open();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) })); // a missing key answers 204 as well
    },
    async list(prefix) {
      return (await list(prefix)).map((e) => e.key);
    },
    entries: list,
  };
}

/** Makes the bucket when it does not exist (MinIO on a first start); a cloud bucket is made by its owner. */
export async function ensureBucket(config: S3StorageConfig): Promise<void> {
  const { s3, sdk } = await clientOf(config);
  try {
    await s3.send(new sdk.HeadBucketCommand({ Bucket: config.bucket }));
  } catch (e) {
    if (!notFound(e)) throw new Error(`对象存储不可用（${config.endpoint ?? 'AWS S3'}，存储桶 ${config.bucket}）：${(e as Error).message}`, { cause: e });
    await s3.send(new sdk.CreateBucketCommand({ Bucket: config.bucket }));
  } finally {
    s3.destroy();
  }
}
