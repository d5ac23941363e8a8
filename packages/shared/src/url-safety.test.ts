import { describe, expect, it } from 'vitest';
import { adLinkProblem, parseAllowHosts, webhookUrlProblem } from './url-safety.ts';

describe('webhookUrlProblem', () => {
  it('accepts public https and http URLs on the standard ports', () => {
    expect(webhookUrlProblem('https://hooks.zapier.com/hooks/catch/1/abc/')).toBeNull();
    expect(webhookUrlProblem('http://n8n.example.com/webhook/shotcraft')).toBeNull();
  });

  it.each([
    ['http://127.0.0.1:5678/webhook', /private or local/],
    ['http://localhost/webhook', /private or local/],
    ['http://169.254.169.254/latest/meta-data/', /private or local/],
    ['http://10.1.2.3/', /private or local/],
    ['http://172.20.0.1/', /private or local/],
    ['http://192.168.0.10/', /private or local/],
    ['http://100.64.0.1/', /private or local/],
    ['http://[::1]/', /private or local/],
    ['http://[fd00::1]/', /private or local/],
    ['http://[::ffff:127.0.0.1]/', /private or local/],
    ['http://2130706433/', /private or local/],
    ['http://0x7f000001/', /private or local/],
    ['http://metadata.google.internal/', /private or local/],
    ['http://printer.local/', /private or local/],
    ['https://example.com:8443/', /standard ports/],
    ['ftp://example.com/', /https/],
    ['https://user:secret@example.com/', /credentials/],
    ['example.com/hook', /full URL/],
  ])('refuses %s', (url, why) => {
    expect(webhookUrlProblem(url)).toMatch(why);
  });

  it('lets configured hosts through (a local n8n), on the given port or any', () => {
    expect(webhookUrlProblem('http://127.0.0.1:5678/webhook', parseAllowHosts('127.0.0.1:5678'))).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9999/webhook', parseAllowHosts('127.0.0.1:5678'))).toMatch(/private/);
    expect(webhookUrlProblem('http://127.0.0.1:9999/webhook', parseAllowHosts(' 127.0.0.1:* , '))).toBeNull();
  });
});

describe('adLinkProblem', () => {
  it('lets a public image link be tried', () => {
    expect(adLinkProblem('https://ads.example.com/summer.png')).toBeNull();
    expect(adLinkProblem('http://cdn.example.org:80/a.jpg')).toBeNull();
  });

  it.each([
    ['summer.png', /not a web address/],
    ['ftp://ads.example.com/a.png', /Only http and https/],
    ['https://me:pw@ads.example.com/a.png', /user name or password/],
    ['https://ads.example.com:8443/a.png', /standard web ports/],
    ['http://10.0.0.1/a.png', /private address/],
    ['http://127.0.0.1/a.png', /private address/],
    ['http://[::1]/a.png', /private address/],
    ['http://169.254.169.254/latest/meta-data/', /private address/],
    ['http://localhost/a.png', /private address/],
  ])('refuses %s before anything is charged', (url, why) => {
    expect(adLinkProblem(url)).toMatch(why);
  });
});
