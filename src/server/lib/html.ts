/** Text for an HTML page or e-mail: the characters that could open markup or end an attribute, as character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
