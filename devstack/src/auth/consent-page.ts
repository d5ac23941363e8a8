/**
 * The local stand-in for Google's account chooser: pick an account that signed in with Google
 * before, or type any e-mail (and a name). No real Google is contacted.
 */
import { html, type RawHtml } from '../inbox/html.js';

export interface KnownAccount {
  email: string;
  name: string;
  avatarUrl: string;
}

const STYLE = `
  * { box-sizing:border-box; }
  body { margin:0; min-height:100vh; display:grid; place-items:center; background:#f0f4f9;
    font:14px/1.5 "Google Sans",Roboto,system-ui,sans-serif; color:#1f1f1f; }
  main { width:min(450px, 100vw - 24px); background:#fff; border-radius:28px; padding:36px 36px 28px; }
  .g { font-size:22px; font-weight:500; letter-spacing:-.5px; }
  .g span:nth-child(1){color:#4285f4}.g span:nth-child(2){color:#ea4335}.g span:nth-child(3){color:#fbbc05}
  .g span:nth-child(4){color:#4285f4}.g span:nth-child(5){color:#34a853}.g span:nth-child(6){color:#ea4335}
  h1 { font-size:24px; font-weight:400; margin:16px 0 4px; }
  p.sub { margin:0 0 20px; color:#444746; } p.sub strong { color:#0b57d0; font-weight:500; }
  .note { font-size:12px; color:#5e5e5e; background:#fef7e0; border-radius:8px; padding:8px 12px; margin:0 0 16px; }
  ul { list-style:none; margin:0 0 8px; padding:0; border-top:1px solid #e3e3e3; }
  li button { all:unset; box-sizing:border-box; width:100%; display:flex; gap:12px; align-items:center;
    padding:12px 8px; border-bottom:1px solid #e3e3e3; cursor:pointer; }
  li button:hover, li button:focus-visible { background:#f2f6fc; }
  li img { width:32px; height:32px; border-radius:50%; }
  li .who { display:flex; flex-direction:column; } li .who small { color:#444746; }
  fieldset { border:0; padding:0; margin:16px 0 0; }
  legend { font-weight:500; margin-bottom:8px; }
  label { display:block; font-size:12px; color:#444746; margin:10px 0 4px; }
  input { width:100%; font:inherit; padding:12px 14px; border:1px solid #747775; border-radius:6px; }
  input:focus { outline:2px solid #0b57d0; border-color:transparent; }
  .error { color:#b3261e; margin:8px 0 0; }
  .actions { display:flex; justify-content:space-between; align-items:center; margin-top:20px; }
  .primary { font:inherit; font-weight:500; background:#0b57d0; color:#fff; border:0; border-radius:20px; padding:10px 24px; cursor:pointer; }
  .link { font:inherit; font-weight:500; background:none; border:0; color:#0b57d0; cursor:pointer; padding:10px 0; }
`;

const GOOGLE = html`<div class="g" aria-label="Google"><span>G</span><span>o</span><span>o</span><span>g</span><span>l</span><span>e</span></div>`;

export function consentPage(opts: { state: string; action: string; appName: string; accounts: KnownAccount[]; error?: string; email?: string; name?: string }): string {
  const accounts = opts.accounts.map(
    (account) => html`<li><form method="post" action="${opts.action}"><input type="hidden" name="state" value="${opts.state}">
      <input type="hidden" name="email" value="${account.email}"><input type="hidden" name="name" value="${account.name}">
      <button type="submit"><img src="${account.avatarUrl}" alt="">
        <span class="who"><span>${account.name}</span><small>${account.email}</small></span></button></form></li>`,
  );
  const body: RawHtml = html`<main>
    ${GOOGLE}
    <h1>Choose an account</h1>
    <p class="sub">to continue to <strong>${opts.appName}</strong></p>
    <p class="note">Local development sign-in: no request leaves this machine.</p>
    ${opts.accounts.length ? html`<ul aria-label="Accounts">${accounts}</ul>` : ''}
    <form method="post" action="${opts.action}">
      <input type="hidden" name="state" value="${opts.state}">
      <fieldset><legend>${opts.accounts.length ? 'Use another account' : 'Sign in with any e-mail'}</legend>
        <label for="email">Email</label>
        <input id="email" name="email" type="email" required autocomplete="email" value="${opts.email ?? ''}"
          aria-invalid="${opts.error ? 'true' : 'false'}" aria-describedby="email-error">
        ${opts.error ? html`<p class="error" id="email-error" role="alert">${opts.error}</p>` : ''}
        <label for="name">Name (optional)</label>
        <input id="name" name="name" type="text" autocomplete="name" value="${opts.name ?? ''}">
      </fieldset>
      <div class="actions"><button class="link" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
        <button class="primary" type="submit">Continue</button></div>
    </form>
  </main>`;
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
    <title>Sign in – Google accounts (local)</title><style>${STYLE}</style></head><body>${body}</body></html>`.value;
}

export function consentErrorPage(message: string): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title><style>${STYLE}</style></head>
    <body><main>${GOOGLE}<h1>This sign-in link has expired</h1><p class="sub">${message}</p>
    <p>Go back to the app and choose “Continue with Google” again.</p></main></body></html>`.value;
}

/** A round avatar with the person's initials, so local Google users get an avatar_url that works offline. */
export function avatarSvg(name: string): string {
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]!.toUpperCase()).join('') || '?';
  const palette = ['#4285f4', '#ea4335', '#fbbc05', '#34a853', '#8e24aa', '#00897b'];
  const color = palette[[...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % palette.length];
  return html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${color}"/><text x="48" y="60" font-family="Arial" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`.value;
}
