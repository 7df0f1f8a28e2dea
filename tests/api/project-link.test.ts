/** A project card links only to a real public address. */
import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../../src/shared/site-content-default.ts';
import { projectLink } from '../../src/web/landing/lib/project-link.ts';

describe('projectLink', () => {
  it('keeps absolute public http(s) addresses', () => {
    expect(projectLink('https://shop.maritime-merch.co.uk/')).toBe('https://shop.maritime-merch.co.uk/');
    expect(projectLink('http://legacy.example-shop.com/')).toBe('http://legacy.example-shop.com/');
  });

  it('drops placeholders, this site and anything that is not a web address', () => {
    for (const url of [
      undefined,
      '',
      '/',
      '#hero',
      'https://example.com/',
      'https://www.EXAMPLE.org/shop',
      'https://shop.example/',
      'http://localhost:3000/',
      'https://staging.test/',
      'javascript:alert(1)',
      'mailto:hello@brightlane.studio',
      'not a url',
    ]) {
      expect(projectLink(url), String(url)).toBeNull();
    }
  });

  it('leaves no placeholder in the shipped content', () => {
    for (const project of defaultSiteContent.projects) {
      if (project.url !== undefined) expect(projectLink(project.url), project.name).toBe(project.url);
    }
  });
});
