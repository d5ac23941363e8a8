/** The part of an e-mail address before the @, as the greeting shows it ('Welcome back, ada'). */
export function emailName(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}
