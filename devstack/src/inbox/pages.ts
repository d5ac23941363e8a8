/** The inbox's two HTML pages: the message list and one message with its links. */
import { html, raw, type RawHtml } from './html.js';
import type { StoredMail } from './store.js';

const STYLE = `
  :root { color-scheme: light dark; --bg:#f6f6f8; --card:#fff; --ink:#17171c; --muted:#6b6b78;
    --line:#e4e4ea; --accent:#6d4aff; --accent-ink:#fff; }
  @media (prefers-color-scheme: dark) { :root { --bg:#111116; --card:#1b1b22; --ink:#ececf1;
    --muted:#9a9aa8; --line:#2c2c36; } }
  * { box-sizing: border-box; }
  body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif; background:var(--bg); color:var(--ink); }
  header { display:flex; align-items:center; gap:12px; padding:16px 24px; border-bottom:1px solid var(--line); background:var(--card); }
  header .logo { width:28px; height:28px; border-radius:8px; background:var(--accent); color:var(--accent-ink);
    display:grid; place-items:center; font-weight:700; }
  header h1 { font-size:16px; margin:0; } header p { margin:0; color:var(--muted); font-size:13px; }
  header nav { margin-left:auto; }
  main { max-width:960px; margin:24px auto; padding:0 16px; }
  a { color:var(--accent); }
  .card { background:var(--card); border:1px solid var(--line); border-radius:12px; overflow:hidden; }
  table { width:100%; border-collapse:collapse; }
  th, td { text-align:left; padding:12px 16px; border-bottom:1px solid var(--line); vertical-align:top; }
  th { font-size:12px; text-transform:uppercase; letter-spacing:.04em; color:var(--muted); font-weight:600; }
  tr:last-child td { border-bottom:0; }
  tbody tr:hover { background:color-mix(in srgb, var(--accent) 6%, transparent); }
  td.time { color:var(--muted); white-space:nowrap; font-variant-numeric:tabular-nums; }
  td a.subject { color:inherit; font-weight:600; text-decoration:none; }
  .empty { padding:48px 16px; text-align:center; color:var(--muted); }
  .meta { padding:16px 20px; border-bottom:1px solid var(--line); display:grid; grid-template-columns:80px 1fr; gap:4px 12px; }
  .meta dt { color:var(--muted); } .meta dd { margin:0; }
  iframe { width:100%; min-height:460px; border:0; background:#fff; display:block; }
  .links { padding:16px 20px; border-top:1px solid var(--line); }
  .links h2, details summary { font-size:13px; color:var(--muted); font-weight:600; margin:0 0 8px; }
  .links li { margin:4px 0; word-break:break-all; }
  details { padding:16px 20px; border-top:1px solid var(--line); }
  pre { white-space:pre-wrap; margin:8px 0 0; font:13px/1.5 ui-monospace,monospace; }
  button { font:inherit; border:1px solid var(--line); background:var(--card); color:var(--ink); border-radius:8px; padding:6px 12px; cursor:pointer; }
`;

function layout(title: string, body: RawHtml, script = ''): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${raw(STYLE)}</style></head>
<body><header><div class="logo" aria-hidden="true">S</div>
<div><h1>Shotcraft inbox</h1><p>Every e-mail the local backend sends lands here. Nothing leaves this machine.</p></div>
<nav><a href="/">All messages</a></nav></header>
<main>${body}</main>${raw(script)}</body></html>`.value;
}

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
}

// Reload the list when a new message arrives, so the page can stay open while you sign up.
const POLL_SCRIPT = `<script>
  const first = document.querySelector('tbody tr')?.dataset.id ?? '';
  setInterval(async () => {
    const res = await fetch('/api/messages').catch(() => null);
    if (!res || !res.ok) return;
    const list = await res.json();
    if ((list[0]?.id ?? '') !== first) location.reload();
  }, 2000);
</script>`;

export function listPage(mails: StoredMail[]): string {
  const rows = mails.map(
    (mail) => html`<tr data-id="${mail.id}">
      <td><a class="subject" href="/m/${mail.id}">${mail.subject}</a></td>
      <td>${mail.to}</td>
      <td class="time"><time datetime="${mail.created_at}">${formatTime(mail.created_at)}</time></td>
    </tr>`,
  );
  const body = mails.length
    ? html`<div class="card"><table><thead><tr><th>Subject</th><th>To</th><th>Received</th></tr></thead>
      <tbody>${rows}</tbody></table></div>`
    : html`<div class="card"><p class="empty">No messages yet. Sign up in the app and the confirmation e-mail shows up here.</p></div>`;
  return layout('Inbox · Shotcraft', body, POLL_SCRIPT);
}

export function messagePage(mail: StoredMail): string {
  // The message renders in a sandboxed frame so its styles cannot leak into the page; links
  // open in the top window so following "Confirm" behaves like clicking it in a mail client.
  const frame = `<base target="_top">${mail.html}`;
  const links = mail.links.map((link) => html`<li>${link.label}: <a href="${link.url}">${link.url}</a></li>`);
  const body = html`<div class="card">
    <dl class="meta"><dt>To</dt><dd>${mail.to}</dd><dt>Subject</dt><dd>${mail.subject}</dd>
      <dt>Received</dt><dd><time datetime="${mail.created_at}">${formatTime(mail.created_at)}</time></dd></dl>
    <iframe title="Message body" sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${frame}"></iframe>
    ${mail.links.length ? html`<section class="links"><h2>Links in this message</h2><ul>${links}</ul></section>` : ''}
    <details><summary>Plain-text version</summary><pre>${mail.text}</pre></details>
  </div>`;
  return layout(`${mail.subject} · Shotcraft inbox`, body);
}

export function notFoundPage(): string {
  return layout('Not found · Shotcraft inbox', html`<div class="card"><p class="empty">This message does not exist (any more).</p></div>`);
}
