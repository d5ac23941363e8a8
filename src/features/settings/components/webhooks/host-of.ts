/** The host of a webhook URL, for short labels; the URL itself when it cannot be parsed. */
export const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
