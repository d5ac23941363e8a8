/** The auth e-mails Shotcraft sends (as GoTrue's templates would), rendered for the local inbox. */
import { html, type RawHtml } from '../inbox/html.js';
import type { Mail } from '../inbox/index.js';

export type MailKind = 'signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change';

interface Copy {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  outro: string;
}

const COPY: Record<MailKind, Copy> = {
  signup: {
    subject: 'Confirm your email address',
    heading: 'Confirm your email address',
    intro: 'Thanks for signing up for Shotcraft. Confirm this address to start turning product photos into marketing media.',
    button: 'Confirm email address',
    outro: "If you didn't create a Shotcraft account, you can ignore this e-mail.",
  },
  recovery: {
    subject: 'Reset your password',
    heading: 'Reset your password',
    intro: 'Someone (hopefully you) asked to reset the password of your Shotcraft account.',
    button: 'Reset password',
    outro: "If you didn't ask for this, ignore this e-mail: your password stays the same.",
  },
  magiclink: {
    subject: 'Your sign-in link',
    heading: 'Sign in to Shotcraft',
    intro: 'Use the button below to sign in. The link works once.',
    button: 'Sign in',
    outro: "If you didn't try to sign in, you can ignore this e-mail.",
  },
  invite: {
    subject: "You've been invited",
    heading: "You've been invited to Shotcraft",
    intro: 'You have been invited to create a Shotcraft account.',
    button: 'Accept invitation',
    outro: "If you weren't expecting this invitation, you can ignore this e-mail.",
  },
  email_change: {
    subject: 'Confirm your new email address',
    heading: 'Confirm your new email address',
    intro: 'Confirm that you want to use this address for your Shotcraft account.',
    button: 'Confirm new email address',
    outro: "If you didn't ask to change your address, ignore this e-mail and contact support.",
  },
};

function layout(copy: Copy, actionUrl: string, otp: string): RawHtml {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${copy.subject}</title></head>
<body style="margin:0;background:#f6f6f8;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#17171c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#fff;border:1px solid #e4e4ea;border-radius:14px">
<tr><td style="padding:28px 32px 0"><span style="display:inline-block;width:28px;height:28px;line-height:28px;text-align:center;border-radius:8px;background:#6d4aff;color:#fff;font-weight:700">S</span>
<span style="font-weight:700;font-size:16px;margin-left:8px;vertical-align:middle">Shotcraft</span></td></tr>
<tr><td style="padding:20px 32px 8px"><h1 style="font-size:20px;margin:0 0 12px">${copy.heading}</h1>
<p style="margin:0 0 24px;line-height:1.55">${copy.intro}</p>
<a href="${actionUrl}" style="display:inline-block;background:#6d4aff;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px">${copy.button}</a>
<p style="margin:24px 0 0;font-size:13px;color:#6b6b78;line-height:1.5">Or enter this code: <strong style="font-size:15px;letter-spacing:.12em;color:#17171c">${otp}</strong></p>
<p style="margin:12px 0 0;font-size:13px;color:#6b6b78;line-height:1.5;word-break:break-all">Button not working? Paste this link into your browser:<br><a href="${actionUrl}" style="color:#6d4aff">${actionUrl}</a></p></td></tr>
<tr><td style="padding:24px 32px 28px;font-size:12px;color:#8a8a96;line-height:1.5">${copy.outro} The link expires in 24 hours.</td></tr>
</table></td></tr></table></body></html>`;
}

export function composeMail(kind: MailKind, to: string, actionUrl: string, otp: string): Mail {
  const copy = COPY[kind];
  const text = [
    copy.heading,
    '',
    copy.intro,
    '',
    `${copy.button}: ${actionUrl}`,
    `Or enter this code: ${otp}`,
    '',
    `${copy.outro} The link expires in 24 hours.`,
    '',
    '— Shotcraft',
  ].join('\n');
  return {
    to,
    subject: copy.subject,
    html: layout(copy, actionUrl, otp).value,
    text,
    links: [{ label: copy.button, url: actionUrl }],
  };
}

/** The reauthentication mail: a code only (auth.reauthenticate(), then updateUser({ nonce })). */
export function composeReauthenticationMail(to: string, otp: string): Mail {
  const subject = 'Confirm reauthentication';
  const intro = 'Enter this code in Shotcraft to confirm it is you:';
  const outro = "If you didn't ask for this, you can ignore this e-mail. The code expires in 24 hours.";
  const page = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="margin:0;background:#f6f6f8;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#17171c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#fff;border:1px solid #e4e4ea;border-radius:14px">
<tr><td style="padding:28px 32px 8px"><h1 style="font-size:20px;margin:0 0 12px">${subject}</h1>
<p style="margin:0 0 16px;line-height:1.55">${intro}</p>
<p style="margin:0;font-size:22px;font-weight:700;letter-spacing:.16em">${otp}</p></td></tr>
<tr><td style="padding:24px 32px 28px;font-size:12px;color:#8a8a96;line-height:1.5">${outro}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, html: page.value, text: [subject, '', intro, otp, '', outro, '', '— Shotcraft'].join('\n'), links: [] };
}
