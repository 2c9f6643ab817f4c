import zlib from "node:zlib";
import type { FastifyCompressOptions } from "@fastify/compress";

/**
 * @fastify/compress for answers only: a request body is never inflated (a small gzip body could
 * unpack to gigabytes). Brotli at quality 4: quality 11, zlib's default, costs a page ten times the CPU.
 */
export const compressionOptions: FastifyCompressOptions = {
  threshold: 1024,
  globalDecompression: false,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};
