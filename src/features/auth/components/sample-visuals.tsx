/**
 * Four product visuals for the sign-up marketing panel, drawn inline (no requests, crisp at any
 * density): a studio lightbox shot, a refined before/after, a 360° spin and a UGC video frame.
 */
import type { ReactNode } from 'react';

function Frame({ label, children, tone }: { label: string; children: ReactNode; tone: string }) {
  return (
    <figure className="group relative overflow-hidden rounded-2xl border border-white/10 shadow-lg shadow-black/20">
      <div className={`aspect-[4/5] ${tone}`}>{children}</div>
      <figcaption className="absolute bottom-2 left-2 rounded-full bg-black/55 px-2.5 py-1 text-[11px] font-medium text-white backdrop-blur">{label}</figcaption>
    </figure>
  );
}

export function LightboxVisual() {
  return (
    <Frame label="Lightbox studio" tone="bg-gradient-to-b from-white to-zinc-200">
      <svg viewBox="0 0 160 200" className="size-full" aria-hidden>
        <ellipse cx="80" cy="168" rx="42" ry="7" fill="#000" opacity=".12" />
        <rect x="58" y="46" width="44" height="120" rx="14" fill="#f4b183" />
        <rect x="58" y="46" width="44" height="120" rx="14" fill="url(#lb-shine)" />
        <rect x="68" y="28" width="24" height="22" rx="5" fill="#3f3f46" />
        <rect x="64" y="92" width="32" height="34" rx="4" fill="#fff" opacity=".9" />
        <rect x="70" y="100" width="20" height="3" rx="1.5" fill="#a1a1aa" />
        <rect x="70" y="107" width="14" height="3" rx="1.5" fill="#d4d4d8" />
        <defs>
          <linearGradient id="lb-shine" x1="0" x2="1">
            <stop offset="0" stopColor="#fff" stopOpacity=".45" />
            <stop offset=".35" stopColor="#fff" stopOpacity="0" />
            <stop offset="1" stopColor="#000" stopOpacity=".12" />
          </linearGradient>
        </defs>
      </svg>
    </Frame>
  );
}

export function RefineVisual() {
  return (
    <Frame label="Refined image" tone="bg-gradient-to-br from-sky-200 to-indigo-300">
      <svg viewBox="0 0 160 200" className="size-full" aria-hidden>
        <defs>
          <clipPath id="rf-left">
            <rect width="80" height="200" />
          </clipPath>
          <filter id="rf-blur">
            <feGaussianBlur stdDeviation="2.2" />
          </filter>
        </defs>
        <circle cx="80" cy="96" r="46" fill="#fff" opacity=".55" />
        <g>
          <rect x="44" y="70" width="72" height="64" rx="10" fill="#1e293b" />
          <circle cx="80" cy="102" r="22" fill="#334155" />
          <circle cx="80" cy="102" r="14" fill="#60a5fa" />
          <circle cx="74" cy="96" r="4" fill="#fff" opacity=".8" />
          <rect x="52" y="62" width="20" height="10" rx="3" fill="#1e293b" />
        </g>
        <g clipPath="url(#rf-left)" filter="url(#rf-blur)" opacity=".85">
          <rect width="80" height="200" fill="#94a3b8" opacity=".55" />
          <rect x="44" y="70" width="72" height="64" rx="10" fill="#475569" />
          <circle cx="80" cy="102" r="22" fill="#64748b" />
        </g>
        <line x1="80" y1="20" x2="80" y2="180" stroke="#fff" strokeWidth="2" />
        <circle cx="80" cy="100" r="9" fill="#fff" />
        <path d="M76 100l-3 0m10 0l3 0" stroke="#6366f1" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </Frame>
  );
}

export function SpinVisual() {
  return (
    <Frame label="360° spin" tone="bg-gradient-to-b from-amber-100 to-orange-300">
      <svg viewBox="0 0 160 200" className="size-full" aria-hidden>
        <ellipse cx="80" cy="150" rx="56" ry="14" fill="none" stroke="#9a3412" strokeOpacity=".35" strokeWidth="2" strokeDasharray="5 5" />
        <path d="M128 146l8 4-9 3" fill="none" stroke="#9a3412" strokeOpacity=".6" strokeWidth="2" strokeLinecap="round" />
        <path d="M34 128c6-20 24-34 48-36l22-18c6-4 14-2 16 4l10 30c3 9-3 18-12 18H44c-8 0-12-6-10-12z" fill="#fafaf9" />
        <path d="M34 128c1 6 5 12 12 12h84c6 0 10-4 11-9" fill="none" stroke="#ea580c" strokeWidth="7" strokeLinecap="round" />
        <path d="M84 96l8 10m4-16l8 10m2-18l8 10" stroke="#fb923c" strokeWidth="3" strokeLinecap="round" />
        <text x="80" y="44" textAnchor="middle" fontFamily="Inter, system-ui" fontSize="15" fontWeight="700" fill="#9a3412" opacity=".75">360°</text>
      </svg>
    </Frame>
  );
}

export function UgcVisual() {
  return (
    <Frame label="UGC video ad" tone="bg-gradient-to-br from-fuchsia-300 to-violet-500">
      <svg viewBox="0 0 160 200" className="size-full" aria-hidden>
        <rect x="42" y="18" width="76" height="164" rx="14" fill="#18181b" />
        <rect x="47" y="26" width="66" height="148" rx="9" fill="#fde68a" />
        <circle cx="80" cy="78" r="18" fill="#f59e0b" />
        <path d="M56 140c4-20 14-30 24-30s20 10 24 30z" fill="#fb7185" />
        <rect x="86" y="96" width="16" height="30" rx="5" fill="#10b981" transform="rotate(-12 94 111)" />
        <circle cx="80" cy="100" r="13" fill="#000" opacity=".35" />
        <path d="M76 94l10 6-10 6z" fill="#fff" />
        <rect x="53" y="152" width="54" height="5" rx="2.5" fill="#fff" opacity=".9" />
        <rect x="53" y="161" width="36" height="5" rx="2.5" fill="#fff" opacity=".7" />
        <circle cx="106" cy="48" r="3" fill="#fff" />
        <path d="M103 62c2 2 4 2 6 0" stroke="#fff" strokeWidth="2" fill="none" />
      </svg>
    </Frame>
  );
}
