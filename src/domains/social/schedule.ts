/** A date as <input type="datetime-local"> shows it: local time, to the minute. */
export const toLocalInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** A schedule needs at least a minute's notice (the server's rule too); an unreadable time is too soon. */
export const tooSoon = (t: Date) => Number.isNaN(t.getTime()) || t.getTime() < Date.now() + 60_000;
