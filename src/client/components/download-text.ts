/** Saves what `url` holds (a blob: URL) as a file named `fileName`, then lets the URL go. */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves text as a file through a Blob (the export needs the bearer token, so no bare link). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  downloadUrl(URL.createObjectURL(new Blob([text], { type })), fileName);
}
