/**
 * Starts a download the way a click on a link would: a hidden `<a download>` to `url` is clicked
 * and removed. The server's Content-Disposition names the file; `filename` is the fallback.
 */
export function openDownload(url: string, filename?: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  if (filename) link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
