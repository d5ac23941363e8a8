/**
 * The stand-ins' pages: the index (what runs where) and "Posted on the local platforms", every post
 * published through them, newest first, with its media, text, account, time and id.
 */
import { html, raw } from '../inbox/html.js';
import { PLATFORM_IDS, PLATFORMS } from './catalog.js';
import { metricsOf } from './insights.js';
import type { PostRecord } from './store.js';

const STYLE = `
  :root { color-scheme: light dark; --bg:#f6f6f8; --card:#fff; --fg:#15171a; --muted:#5b616b; --line:#d9dce1; --link:#1d4ed8; }
  @media (prefers-color-scheme: dark) { :root { --bg:#111214; --card:#1b1c1f; --fg:#ececef; --muted:#a3a8b3; --line:#33363c; --link:#8ab4ff; } }
  * { box-sizing:border-box; } body { margin:0; font:15px/1.5 system-ui, sans-serif; background:var(--bg); color:var(--fg); }
  main { max-width:880px; margin:0 auto; padding:24px 16px 48px; } h1 { font-size:24px; margin:0 0 4px; } a { color:var(--link); }
  a:focus-visible { outline:3px solid var(--link); outline-offset:2px; }
  .muted { color:var(--muted); } ol { list-style:none; padding:0; margin:20px 0 0; display:grid; gap:16px; }
  article { background:var(--card); border:1px solid var(--line); border-radius:12px; padding:16px; }
  header { display:flex; flex-wrap:wrap; gap:4px 12px; align-items:baseline; } h2 { font-size:16px; margin:0; }
  .text { white-space:pre-wrap; overflow-wrap:anywhere; margin:8px 0; } .media { display:flex; flex-wrap:wrap; gap:8px; }
  img, video { max-width:min(100%, 260px); max-height:260px; border-radius:8px; background:var(--line); }
  dl { display:grid; grid-template-columns:max-content 1fr; gap:2px 12px; margin:8px 0 0; font-size:13px; } dt { color:var(--muted); } dd { margin:0; overflow-wrap:anywhere; }
`;

function postItem(post: PostRecord) {
  const spec = PLATFORMS[post.platform];
  const time = new Date(post.createdAt).toISOString();
  const m = metricsOf(post);
  return html`<li><article aria-labelledby="post-${post.platform}-${post.id}">
<header><h2 id="post-${post.platform}-${post.id}">${spec.name}</h2><span class="muted">@${spec.demo.username} · account ${post.account}</span><time datetime="${time}">${time.replace('T', ' ').slice(0, 19)} UTC</time></header>
${post.extra.title ? html`<p><strong>${String(post.extra.title)}</strong></p>` : ''}
${post.text ? html`<p class="text">${post.text}</p>` : html`<p class="text muted">(no text)</p>`}
<div class="media">${post.media.map((media, i) =>
    media.kind === 'video'
      ? html`<video src="${media.url}" controls preload="metadata" aria-label="${spec.name} video ${i + 1}${media.width ? ` (${media.width}×${media.height})` : ''}"></video>`
      : html`<img src="${media.url}" alt="${spec.name} image ${i + 1}${media.width ? ` (${media.width}×${media.height})` : ''}" loading="lazy">`,
  )}</div>
<dl><dt>Id</dt><dd><code>${post.id}</code></dd><dt>Stands for</dt><dd>${post.permalink}</dd>
<dt>So far</dt><dd>${m.impressions} impressions · ${m.likes} likes · ${m.comments} comments</dd></dl>
</article></li>`;
}

export function postsPage(posts: PostRecord[], platform: string | null): string {
  const shown = posts.filter((p) => !platform || p.platform === platform).sort((a, b) => b.createdAt - a.createdAt);
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Posted on the local platforms</title><style>${raw(STYLE)}</style></head><body><main>
<h1>Posted on the local platforms</h1>
<p class="muted">Everything published through the local Instagram, Facebook, X, TikTok and Pinterest stand-ins, newest first. <a href="/">All stand-ins</a></p>
<nav aria-label="Filter by platform"><a href="/posts">All</a> ${PLATFORM_IDS.map((id) => html` · <a href="/posts?platform=${id}"${platform === id ? raw(' aria-current="page"') : ''}>${PLATFORMS[id].name}</a>`)}</nav>
${shown.length ? html`<ol>${shown.map(postItem)}</ol>` : html`<p>Nothing has been posted${platform ? ` on ${PLATFORMS[platform as keyof typeof PLATFORMS]?.name ?? platform}` : ''} yet.</p>`}
</main></body></html>`.value;
}

export function indexPage(): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local social platforms</title><style>${raw(STYLE)}</style></head><body><main>
<h1>Local social platforms</h1>
<p><a href="/posts">Posted on the local platforms</a>: every post published through the stand-ins.</p>
<ul>${PLATFORM_IDS.map((id) => html`<li>${PLATFORMS[id].name}: <code>/${id}</code> stands for ${PLATFORMS[id].hosts.api}</li>`)}</ul>
<p class="muted">For tests: <code>POST /_devstack/expire</code>, <code>POST /_devstack/fail</code>, <code>POST /_devstack/reset</code>, <code>GET /_devstack/posts</code>, <code>POST /_devstack/posts/{id}/age</code>.</p>
</main></body></html>`.value;
}
