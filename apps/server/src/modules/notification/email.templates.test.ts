import { describe, expect, it } from 'vitest';
import { digestEmail, escapeHtml, notificationEmail, portalUrl } from './email.templates';

const at = new Date('2031-01-01T00:00:00Z');

describe('e-mail templates', () => {
  it('joins only portal paths to the public address', () => {
    expect(portalUrl('https://portal.test/', '/messages/3')).toBe('https://portal.test/messages/3');
    expect(portalUrl('https://portal.test', null)).toBe('https://portal.test/');
    expect(portalUrl('https://portal.test', 'javascript:alert(1)')).toBe('https://portal.test/');
    expect(portalUrl('https://portal.test', '//evil.test/x')).toBe('https://portal.test/');
  });

  it('escapes everything it puts in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    const mail = notificationEmail('https://portal.test', '<Eve>', { type: 'reply', message: '<script>x</script>', reference: '/messages/1?a=1&b=2', created_at: at });
    expect(mail.html).not.toMatch(/<script>|<Eve>/);
    expect(mail.html).toContain('href="https://portal.test/messages/1?a=1&amp;b=2"');
    expect(mail.text).toContain('https://portal.test/messages/1?a=1&b=2');
  });

  it('says how to stop each kind', () => {
    expect(notificationEmail('https://p.test', 'A', { type: 'approved', message: 'm', reference: null, created_at: at }).text).toMatch(/turn off "approved" e-mails/);
    expect(notificationEmail('https://p.test', 'A', { type: 'published', message: 'm', reference: null, created_at: at }).text).toMatch(/turn off "published" e-mails/);
    expect(digestEmail('https://p.test', 'A', [{ type: 'reply', message: 'm', reference: null, created_at: at }]).text).toMatch(/stop these e-mails.*https:\/\/p\.test\/preferences/s);
  });
});
