import { mkdtemp, rm, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** A bucket's settings as the shop's S3 storage takes them. */
type S3Options = { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };

export type RunningS3 = {
  /** The bucket's settings as the shop reads them from its environment. */
  env: Record<string, string>;
  options: S3Options;
  /** Where the bucket's objects are read without signing (what S3_PUBLIC_URL would name). */
  bucketUrl: string;
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver, speaking S3's HTTP API) on a free loopback port, with one
 * empty bucket in a temporary folder: the local twin of the shop's bucket in tests.
 */
export async function startS3Server(bucket = "shop-photos"): Promise<RunningS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "shop-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  keepFolders(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's built-in account.
  const options: S3Options = { bucket, endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    options,
    bucketUrl: `${endpoint}/${bucket}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver removes the folder a delete leaves empty, while another request may be writing a new
 * object into it: that write then fails with an error nothing handles, which ends the process
 * (several API instances' readiness checks each write and delete under one prefix). The test
 * bucket keeps its empty folders instead; S3 itself has none.
 */
function keepFolders(server: S3rver): void {
  const store = (
    server as unknown as { store: { deleteObject: (bucket: string, key: string) => Promise<void>; getResourcePath: ResourcePath } }
  ).store;
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      (["object", "object.md5", "metadata.json"] as const).map((resource) =>
        unlink(store.getResourcePath(bucket, key, resource)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        }),
      ),
    );
  };
}

type ResourcePath = (bucket: string, key: string, resource: "object" | "object.md5" | "metadata.json") => string;
