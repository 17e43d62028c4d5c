import { renderLandingHtml } from '../../src/client/app/prerender-landing';

describe('the landing page pre-rendered for index.html', () => {
  it('holds the public header, the hero with its search and the highlights, signed out in the light theme', async () => {
    const html = await renderLandingHtml();
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Your Home. Your Wealth. Your Future.');
    expect(page.querySelector('img.dm-hero-image')?.getAttribute('src')).toBe('/images/hero.svg');
    expect(page.querySelector('form[role="search"] input#dm-hero-place')).not.toBeNull();
    const links = [...page.querySelectorAll('header a')].map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['Home', 'About', 'Login', 'Sign Up']));
    expect(page.querySelector('[aria-label="Toggle theme"]')?.getAttribute('aria-checked')).toBe('false');
    expect(page.querySelector('[aria-label="Why Dealmap"]')?.querySelectorAll('h2, h3').length).toBeGreaterThan(0);
  });
});
