import { portalPaths, type NotificationType } from '@corner/domain';

/** An e-mail ready for the outbox: the same content as plain text and as HTML. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** What an e-mail is about: a notification as stored. */
export interface NotificationForEmail {
  type: string;
  message: string;
  reference: string | null;
  created_at: Date;
}

/** The subject and the line that introduces each kind of notification. */
const KINDS: Record<NotificationType, { subject: string; lead: string; action: string }> = {
  approved: { subject: 'Your creation was approved', lead: 'Good news: staff approved your creation.', action: 'Open the creation' },
  published: { subject: 'Your creation is published', lead: 'Your creation is now live on the site.', action: 'Open the creation' },
  rejected: { subject: 'Your creation needs changes', lead: 'Staff looked at your creation and could not approve it yet.', action: 'See what to change' },
  test_failed: { subject: 'Your creation failed testing', lead: 'Your creation did not pass testing.', action: 'See the test results' },
  update_approved: { subject: 'Your update was approved', lead: 'Staff approved the update to your creation.', action: 'Open the creation' },
  reply: { subject: 'You have a new reply', lead: 'There is a new reply to your message.', action: 'Read the reply' },
  report: { subject: 'A creation was reported', lead: 'A creation was reported.', action: 'Open it in Corner' },
};
const OTHER = { subject: 'News from Corner', lead: 'There is news for you in Corner.', action: 'Open Corner' };

function kindOf(type: string) {
  return (KINDS as Record<string, (typeof KINDS)[NotificationType]>)[type] ?? OTHER;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Stands for the portal's address in the outbox: e-mails are written inside other services'
 * transactions, which have no config, and the sender makes the links absolute with its own
 * PUBLIC_URL (`withPortalAddress`).
 */
export const PORTAL_ADDRESS = '{{portal-address}}';

/** An outbox e-mail's text or HTML with the portal's real address in its links. */
export function withPortalAddress(content: string, publicUrl: string): string {
  return content.replaceAll(PORTAL_ADDRESS, publicUrl.replace(/\/+$/, ''));
}

/**
 * The absolute address of a portal path. Only paths (`/messages/12`) are joined: anything else in
 * a reference (a full URL, `javascript:`) links to the portal's start page instead.
 */
export function portalUrl(publicUrl: string, path: string | null): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (!path || !path.startsWith('/') || path.startsWith('//')) return `${base}/`;
  return `${base}${path}`;
}

/** Why the member gets the e-mail and how to stop it, for one kind (null: the daily summary). */
function footerText(type: string | null): string {
  if (type === 'approved') return 'You get this e-mail because you asked to hear when a creation is approved. To stop these e-mails, turn off "approved" e-mails or choose no e-mails in your preferences:';
  if (type === 'published') return 'You get this e-mail because you asked to hear when a creation is published. To stop these e-mails, turn off "published" e-mails or choose no e-mails in your preferences:';
  if (type === null) return 'You get this daily summary because of your notification preferences. To get an e-mail for each notification instead, or to stop these e-mails, change your preferences:';
  return 'You get this e-mail because of your notification preferences. To get one summary a day instead, or to stop these e-mails, change your preferences:';
}

function layout(title: string, body: string, footer: string, preferences: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>',
    escapeHtml(title),
    '</title></head>',
    '<body style="font-family: sans-serif; line-height: 1.5; color: #222; max-width: 40em;">',
    body,
    '<hr style="border: none; border-top: 1px solid #ccc; margin-top: 2em;">',
    `<p style="font-size: small; color: #555;">${escapeHtml(footer)} <a href="${escapeHtml(preferences)}">${escapeHtml(preferences)}</a></p>`,
    '</body></html>',
  ].join('');
}

/** The message text as HTML paragraphs: escaped, blank lines between paragraphs, line breaks kept. */
function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The e-mail for one notification (notification option 1). */
export function notificationEmail(publicUrl: string, username: string, n: NotificationForEmail): EmailContent {
  const kind = kindOf(n.type);
  const link = portalUrl(publicUrl, n.reference);
  const preferences = portalUrl(publicUrl, portalPaths.preferences());
  const footer = footerText(n.type);
  const text = [`Hello ${username},`, '', kind.lead, '', n.message.trim(), '', `${kind.action}: ${link}`, '', '-- ', `${footer} ${preferences}`, ''].join('\n');
  const html = layout(
    kind.subject,
    [
      `<p>Hello ${escapeHtml(username)},</p>`,
      `<p>${escapeHtml(kind.lead)}</p>`,
      `<blockquote style="margin: 1em 0; padding-left: 1em; border-left: 3px solid #ccc;">${paragraphs(n.message)}</blockquote>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(kind.action)}</a> (${escapeHtml(link)})</p>`,
    ].join(''),
    footer,
    preferences,
  );
  return { subject: kind.subject, text, html };
}

/** The daily summary (notification option 2): every notification of the day, oldest first, each with its link. */
export function digestEmail(publicUrl: string, username: string, items: NotificationForEmail[]): EmailContent {
  const preferences = portalUrl(publicUrl, portalPaths.preferences());
  const footer = footerText(null);
  const subject = items.length === 1 ? 'Your Corner summary: 1 notification' : `Your Corner summary: ${items.length} notifications`;
  const lines = items.flatMap((n) => [`* ${kindOf(n.type).subject}`, `  ${n.message.trim().replace(/\n/g, '\n  ')}`, `  ${portalUrl(publicUrl, n.reference)}`, '']);
  const text = [`Hello ${username},`, '', 'Here is what happened in Corner since yesterday:', '', ...lines, '-- ', `${footer} ${preferences}`, ''].join('\n');
  const list = items
    .map((n) => {
      const link = portalUrl(publicUrl, n.reference);
      return `<li style="margin-bottom: 1em;"><strong>${escapeHtml(kindOf(n.type).subject)}</strong>${paragraphs(n.message)}<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`;
    })
    .join('');
  const html = layout(subject, `<p>Hello ${escapeHtml(username)},</p><p>Here is what happened in Corner since yesterday:</p><ul>${list}</ul>`, footer, preferences);
  return { subject, text, html };
}
