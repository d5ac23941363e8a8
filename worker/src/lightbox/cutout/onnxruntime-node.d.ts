/**
 * onnxruntime-node 1.17 names `dist/index.d.ts` as its types but does not ship it; its API is
 * onnxruntime-common's (InferenceSession, Tensor), which it re-exports.
 */
declare module 'onnxruntime-node' {
  export * from 'onnxruntime-common';
}
