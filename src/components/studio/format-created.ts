/** A result's creation time as tiles and previews show it. */
export const formatCreated = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
