/** MP4 and MOV start with an ISO box (`ftyp`, or an old QuickTime atom); WebM with EBML. */
export function sniffVideo(head: Uint8Array): 'iso' | 'webm' | null {
  const box = Buffer.from(head.subarray(4, 8)).toString('latin1');
  if (['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return 'iso';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  return null;
}
