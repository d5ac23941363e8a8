/** Hands a blob to the browser as a download named `fileName`; the object URL is revoked after 1 s. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a stream to the end, reporting the bytes read so far. */
export async function readAll(body: ReadableStream<Uint8Array>, onBytes: (read: number) => void): Promise<Uint8Array[]> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    read += value.byteLength;
    onBytes(read);
  }
}
