/** The `espeak-ng` npm package: the eSpeak NG command line compiled to WebAssembly (Emscripten). */
declare module 'espeak-ng' {
  const ESpeakNg: (options: { arguments: string[] }) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
  export default ESpeakNg;
}
