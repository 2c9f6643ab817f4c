/**
 * onnxruntime-node 1.17 ships JavaScript only; its API is onnxruntime-common's. These are the few
 * parts the segmenter uses.
 */
declare module "onnxruntime-node" {
  export class Tensor {
    constructor(type: "float32", data: Float32Array, dims: readonly number[]);
    readonly data: Float32Array | Uint8Array;
    readonly dims: readonly number[];
  }
  export type SessionOptions = {
    graphOptimizationLevel?: "disabled" | "basic" | "extended" | "all";
    executionMode?: "sequential" | "parallel";
    intraOpNumThreads?: number;
    interOpNumThreads?: number;
    enableCpuMemArena?: boolean;
    enableMemPattern?: boolean;
  };
  export class InferenceSession {
    static create(model: Uint8Array, options?: SessionOptions): Promise<InferenceSession>;
    readonly inputNames: readonly string[];
    readonly outputNames: readonly string[];
    run(feeds: Record<string, Tensor>): Promise<Record<string, Tensor>>;
    release(): Promise<void>;
  }
}
