/** The part of an e-mail address before the @, as the greeting shows it ('Welcome back, ada'). */
export function emailName(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/** Two letters for the avatar: the first and last name's initials, else the e-mail name's first two. */
export function userInitials(fullName: string | undefined, email: string): string {
  const words = fullName?.split(/\s+/).filter(Boolean) ?? [];
  const letters = words.length >= 2 ? `${words[0]![0]}${words.at(-1)![0]}` : words.length === 1 ? words[0]!.slice(0, 2) : emailName(email).slice(0, 2);
  return (letters || '?').toUpperCase();
}
