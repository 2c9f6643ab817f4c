import type { ListObjectsV2CommandOutput, S3Client } from "@aws-sdk/client-s3";
import { isSafeKey, type Storage } from "./storage-types.ts";

export type S3Options = {
  bucket: string;
  /** The store's API address; unset for AWS S3 itself. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read the objects directly (a CDN), if anywhere. */
  publicUrl?: string | undefined;
};

type Sdk = typeof import("@aws-sdk/client-s3") & typeof import("@aws-sdk/lib-storage");

/** The AWS SDK, loaded on first use: a shop that keeps its files on disk never pays its 30 MB. */
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => {
  sdk ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([s3, storage]) => ({ ...s3, ...storage }));
  return sdk;
};

/**
 * Files in a bucket of any S3-compatible store, through AWS SDK v3. Writes go through lib-storage's
 * Upload, which sends a large body in parts (multipart upload) and a small one in one PutObject.
 * Every object carries its content type and a year-long immutable cache header.
 */
export class S3Storage implements Storage {
  private readonly options: S3Options;
  private readonly bucket: string;
  private readonly base: string | null;
  private client: S3Client | undefined;

  constructor(options: S3Options) {
    this.options = options;
    this.bucket = options.bucket;
    this.base = options.publicUrl ? options.publicUrl.replace(/\/+$/, "") : null;
  }

  /** The SDK and this bucket's client, made on first use. */
  private async connected(): Promise<{ sdk: Sdk; client: S3Client }> {
    const loaded = await loadSdk();
    const options = this.options;
    this.client ??= new loaded.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // Stores other than AWS (MinIO, R2, …) answer at path-style addresses (endpoint/bucket/key).
      forcePathStyle: Boolean(options.endpoint),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible stores refuse the newer trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    return { sdk: loaded, client: this.client };
  }

  private checked(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    const { sdk, client } = await this.connected();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connected();
    await new sdk.Upload({
      client,
      params: {
        Bucket: this.bucket,
        Key: this.checked(key),
        Body: body,
        ContentType: contentType,
        CacheControl: "public, max-age=31536000, immutable",
      },
    }).done();
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.connected();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connected();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  publicUrl(key: string): string | null {
    return this.base ? `${this.base}/${this.checked(key)}` : null;
  }

  /** Every key in the bucket, page by page. */
  async keys(): Promise<string[]> {
    const { sdk, client } = await this.connected();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** Lets go of the client's connections (scripts and tests that end). */
  close(): void {
    this.client?.destroy();
  }
}

function isMissing(e: unknown): boolean {
  const error = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404;
}
