/** Browser helpers behind the radial menu entries. */

export function openInNewTab(url: string = window.location.href): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export function mailtoLink(url: string, title: string): string {
  const subject = `Dealmap: ${title || 'a page to look at'}`;
  const body = `Take a look at this page in Dealmap:\n\n${url}\n`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function openMailClient(url: string = window.location.href, title: string = document.title): void {
  window.location.href = mailtoLink(url, title);
}
