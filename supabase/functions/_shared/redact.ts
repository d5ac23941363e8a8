// Error text that is safe to log or store: network errors name the URL they failed on, and some
// platforms take tokens in the query string (Instagram's refresh_access_token, Graph API calls),
// signed storage URLs carry their token too. Every URL becomes its origin and path only.

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)]+/gi;

export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (found) => {
    try {
      const url = new URL(found);
      return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
    } catch {
      return '<url>';
    }
  });
}

/** An error (or anything thrown) as one line without URLs' queries. */
export function describeError(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}${err.cause ? ` (${describeError(err.cause)})` : ''}` : String(err);
  return redactUrls(text);
}
